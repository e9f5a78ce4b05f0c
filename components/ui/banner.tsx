"use client";

import { useTranslations } from "next-intl";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { AlertIcon, CheckCircleIcon, CloseIcon } from "./icons";

/** Spec §9: success messages disappear after 3 seconds. */
const BANNER_AUTO_HIDE_MS = 3000;

export type BannerTone = "success" | "error" | "warning" | "info";

const toneClass: Record<BannerTone, string> = {
  success: "border-emerald-200 bg-emerald-50 text-emerald-900",
  error: "border-red-200 bg-red-50 text-red-900",
  warning: "border-amber-300 bg-amber-50 text-amber-900",
  info: "border-sky-200 bg-sky-50 text-sky-900",
};

/**
 * A message strip. Errors and warnings are announced at once (role="alert"), the rest politely. With
 * `autoHideMs`, `onDismiss` runs after that long; with `onDismiss`, a close button is shown.
 */
export function Banner({
  tone,
  children,
  onDismiss,
  autoHideMs,
}: {
  tone: BannerTone;
  children: ReactNode;
  onDismiss?: () => void;
  autoHideMs?: number;
}) {
  const dismissRef = useRef(onDismiss);
  useEffect(() => {
    dismissRef.current = onDismiss;
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new message (children) restarts the timer.
  useEffect(() => {
    if (!autoHideMs) return;
    const timer = window.setTimeout(() => dismissRef.current?.(), autoHideMs);
    return () => window.clearTimeout(timer);
  }, [autoHideMs, children]);

  const t = useTranslations("ui");
  const Icon = tone === "success" ? CheckCircleIcon : AlertIcon;
  return (
    <div
      role={tone === "error" || tone === "warning" ? "alert" : "status"}
      className={`flex items-start gap-3 rounded-xl border px-4 py-3 text-sm ${toneClass[tone]}`}
    >
      <Icon className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1 [overflow-wrap:anywhere]">{children}</div>
      {onDismiss && !autoHideMs && (
        <button
          type="button"
          onClick={onDismiss}
          aria-label={t("dismissMessage")}
          className="-my-1 -mr-2 inline-flex size-8 shrink-0 items-center justify-center rounded-lg hover:bg-black/5"
        >
          <CloseIcon className="size-4" />
        </button>
      )}
    </div>
  );
}

export type BannerMessage = { id: number; tone: BannerTone; text: string };

/**
 * The one message a screen shows at a time. `show("success", ...)` floats over the top and hides itself after 3 s; errors stay
 * until dismissed or replaced. Showing the same text again restarts the timer (new id).
 */
export function useBanner() {
  const [message, setMessage] = useState<BannerMessage | null>(null);
  const nextId = useRef(1);
  const show = useCallback((tone: BannerTone, text: string) => {
    setMessage({ id: nextId.current++, tone, text });
  }, []);
  const clear = useCallback(() => setMessage(null), []);
  const strip = message ? (
    <Banner
      key={message.id}
      tone={message.tone}
      onDismiss={clear}
      autoHideMs={message.tone === "success" ? BANNER_AUTO_HIDE_MS : undefined}
    >
      {message.text}
    </Banner>
  ) : null;
  // A success message floats over the screen: in the flow it would push the rows down and pull them back
  // 3 s later, under the cursor. Errors and warnings stay in place until dismissed, next to what they concern.
  const banner =
    message?.tone === "success" ? (
      <div className="pointer-events-none fixed inset-x-0 top-3 z-40 flex justify-center px-4">
        <div className="pointer-events-auto w-full max-w-md rounded-xl shadow-lg">{strip}</div>
      </div>
    ) : (
      strip
    );
  return { message, banner, show, clear };
}
