"use client";

import { useTranslations } from "next-intl";
import { type ReactNode, useEffect, useRef, useState } from "react";

/**
 * A box that scrolls sideways when its content (a wide table on a phone) does not fit. Only while it
 * overflows: a visible hint says so (cut-off columns give no clue by themselves), and the box is a
 * labelled, focusable region, so keyboard users can scroll it with the arrow keys (axe
 * `scrollable-region-focusable`; a table of plain text has nothing else to take focus).
 */
export function ScrollRegion({ label, className = "", children }: { label: string; className?: string; children: ReactNode }) {
  const t = useTranslations("ui.scrollRegion");
  const box = useRef<HTMLDivElement>(null);
  const [overflowing, setOverflowing] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setOverflowing(element.scrollWidth > element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, []);
  return (
    <>
      {overflowing && (
        <p className="mb-2 text-xs text-slate-600" aria-hidden="true">
          {t("hint")}
        </p>
      )}
      <div
        ref={box}
        tabIndex={overflowing ? 0 : undefined}
        role={overflowing ? "region" : undefined}
        aria-label={overflowing ? t("label", { label }) : undefined}
        className={`overflow-x-auto rounded-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 ${className}`}
      >
        {children}
      </div>
    </>
  );
}
