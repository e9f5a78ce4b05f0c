"use client";

import { type ReactNode, type RefObject, useContext, useId, useRef } from "react";
import { createPortal } from "react-dom";
import { FOCUSABLE, useFocusTrap } from "./focus-trap";
import { CloseIcon } from "./icons";
import { UiWords } from "./ui-words";

export type ModalSize = "sm" | "md" | "lg" | "xl" | "2xl" | "3xl" | "4xl" | "full";

const sizeClass: Record<ModalSize, string> = {
  sm: "sm:max-w-sm",
  md: "sm:max-w-md",
  lg: "sm:max-w-lg",
  xl: "sm:max-w-xl",
  "2xl": "sm:max-w-2xl",
  "3xl": "sm:max-w-3xl",
  "4xl": "sm:max-w-4xl",
  full: "sm:max-w-none sm:h-full",
};

/**
 * An accessible dialog: labelled by its title, aria-modal, focus moved in on open and kept inside (Tab
 * wraps), Escape or the backdrop closes it, focus returns where it was, and the page behind does not scroll.
 * `dismissible={false}` holds it open, e.g. while saving; `closeOnBackdrop={false}` keeps Escape and the
 * close button but ignores taps outside (a visitor's claim form must not vanish on a stray tap).
 * Focus goes to `initialFocus`, else an element marked `data-autofocus`, else the first focusable one.
 */
export function Modal({
  open,
  onClose,
  title,
  description,
  size = "md",
  footer,
  dismissible = true,
  initialFocus,
  role = "dialog",
  hideCloseButton = false,
  closeLabel,
  closeOnBackdrop = true,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  size?: ModalSize;
  /** Buttons, right-aligned under the body. */
  footer?: ReactNode;
  dismissible?: boolean;
  /** The element to focus on open; by default the first focusable one in the body. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** "alertdialog" for a message that needs an answer: screen readers announce the whole content. */
  role?: "dialog" | "alertdialog";
  /** Hide the corner close button when the content has its own way out (a single "OK"). */
  hideCloseButton?: boolean;
  /** Accessible name of the corner close button; by default the screen's word for "Close" (ui-words.tsx). */
  closeLabel?: string;
  closeOnBackdrop?: boolean;
  children?: ReactNode;
}) {
  const words = useContext(UiWords);
  const id = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  useFocusTrap({
    open,
    panelRef,
    onEscape: () => {
      if (dismissible) onClose();
    },
    initialFocus: (panel) =>
      initialFocus?.current ??
      panel.querySelector<HTMLElement>("[data-autofocus]") ??
      panel.querySelector<HTMLElement>(`[data-modal-body] :is(${FOCUSABLE})`),
  });

  if (!open || typeof document === "undefined") return null;
  const full = size === "full";
  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center sm:items-center sm:p-4">
      <div
        className="absolute inset-0 bg-slate-900/50"
        aria-hidden="true"
        onClick={() => {
          if (dismissible && closeOnBackdrop) onClose();
        }}
      />
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={description ? `${id}-description` : undefined}
        tabIndex={-1}
        className={`relative flex max-h-[92dvh] w-full flex-col rounded-t-2xl bg-white shadow-xl focus:outline-none sm:max-h-[calc(100dvh-2rem)] sm:rounded-2xl ${sizeClass[size]} ${full ? "h-[92dvh]" : ""}`}
      >
        <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 sm:px-6">
          <div className="min-w-0">
            <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900 [overflow-wrap:anywhere]">
              {title}
            </h2>
            {description && (
              <p id={`${id}-description`} className="mt-1 text-sm text-slate-600">
                {description}
              </p>
            )}
          </div>
          {!hideCloseButton && (
            <button
              type="button"
              onClick={onClose}
              disabled={!dismissible}
              aria-label={closeLabel ?? words?.close}
              className="-mr-2 inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 disabled:opacity-40"
            >
              <CloseIcon />
            </button>
          )}
        </div>
        <div data-modal-body className="min-h-0 flex-1 overflow-y-auto px-5 py-4 sm:px-6">
          {children}
        </div>
        {footer && (
          <div className="flex justify-end gap-2 border-t border-slate-200 px-5 py-4 *:flex-1 sm:px-6 sm:*:flex-none">{footer}</div>
        )}
      </div>
    </div>,
    document.body,
  );
}
