"use client";

import { type RefObject, useEffect, useId, useRef } from "react";

export const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

// Open layers, innermost last: only the top one answers Escape and keeps focus (a confirm over an edit form).
const openStack: string[] = [];

/**
 * What every modal layer (dialogs, the phone navigation drawer) does while `open`: focus moves in (to
 * `initialFocus()`'s element, else the panel), Tab wraps inside `panelRef`, Escape calls `onEscape` (only
 * for the top layer), the page behind does not scroll, and focus returns where it was on close.
 */
export function useFocusTrap({
  open,
  panelRef,
  onEscape,
  initialFocus,
}: {
  open: boolean;
  panelRef: RefObject<HTMLElement | null>;
  onEscape: () => void;
  /** Read once, on opening. */
  initialFocus?: (panel: HTMLElement) => HTMLElement | null | undefined;
}) {
  const id = useId();
  // Latest callbacks for the listener, which is attached once per opening.
  const latest = useRef({ onEscape, initialFocus });
  useEffect(() => {
    latest.current = { onEscape, initialFocus };
  });

  useEffect(() => {
    if (!open) return;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    openStack.push(id);
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = "hidden";
    const panel = panelRef.current;
    if (panel) (latest.current.initialFocus?.(panel) ?? panel).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (openStack[openStack.length - 1] !== id || !panel) return;
      if (event.key === "Escape") {
        event.stopPropagation();
        latest.current.onEscape();
        return;
      }
      if (event.key !== "Tab") return;
      const focusable = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((element) => element.offsetParent !== null);
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) {
        event.preventDefault();
        return;
      }
      const inside = panel.contains(document.activeElement);
      if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener("keydown", onKeyDown);
    return () => {
      document.removeEventListener("keydown", onKeyDown);
      openStack.splice(openStack.indexOf(id), 1);
      if (openStack.length === 0) document.body.style.overflow = previousOverflow;
      previouslyFocused?.focus?.();
    };
  }, [open, id, panelRef]);
}
