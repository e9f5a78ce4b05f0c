"use client";

import { type ReactNode, type RefObject, useContext, useId } from "react";
import { CloseIcon } from "./page-icons";
import { UiWords } from "./ui-words";

export type ModalSize = "sm" | "md" | "lg" | "xl" | "2xl" | "3xl" | "4xl" | "full";

/** What every modal takes, whichever layer (`Modal` on Radix, `NativeModal` on <dialog>) draws it. */
export type ModalProps = {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  size?: ModalSize;
  /** Buttons, right-aligned under the body. */
  footer?: ReactNode;
  /** False holds it open (while saving): Escape, the backdrop and the close button do nothing. */
  dismissible?: boolean;
  /** The element to focus on open; by default one marked `data-autofocus`, else the body's first focusable one. */
  initialFocus?: RefObject<HTMLElement | null>;
  /** "alertdialog" for a message that needs an answer: screen readers announce the whole content. */
  role?: "dialog" | "alertdialog";
  /** Hide the corner close button when the content has its own way out (a single "OK"). */
  hideCloseButton?: boolean;
  /** Accessible name of the corner close button; by default the screen's word for "Close" (ui-words.tsx). */
  closeLabel?: string;
  /** False keeps Escape and the close button but ignores taps outside (a visitor's claim form). */
  closeOnBackdrop?: boolean;
  children?: ReactNode;
};

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

/** The backdrop's box: the panel at the bottom on phones (a sheet), centred from `sm`. */
export const modalPlacement = "flex items-end justify-center sm:items-center sm:p-4";

/** The panel's look at a size. */
export function modalPanelClass(size: ModalSize): string {
  return `relative flex max-h-[92dvh] w-full flex-col rounded-t-2xl bg-white shadow-xl focus:outline-none sm:max-h-[calc(100dvh-2rem)] sm:rounded-2xl ${sizeClass[size]} ${size === "full" ? "h-[92dvh]" : ""}`;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Where focus goes on opening: `initialFocus`, else `[data-autofocus]`, else the body's first focusable element. */
export function modalInitialFocus(panel: HTMLElement, initialFocus?: RefObject<HTMLElement | null>): HTMLElement | null {
  return (
    initialFocus?.current ??
    panel.querySelector<HTMLElement>("[data-autofocus]") ??
    panel.querySelector<HTMLElement>(`[data-modal-body] :is(${FOCUSABLE})`)
  );
}

/** The inside of a modal panel: the title bar (title, description, close button), the scrolling body, the footer. */
function ModalFrame({
  titleId,
  descriptionId,
  title,
  description,
  footer,
  dismissible = true,
  hideCloseButton = false,
  closeLabel,
  onClose,
  children,
}: Pick<ModalProps, "title" | "description" | "footer" | "dismissible" | "hideCloseButton" | "closeLabel" | "onClose" | "children"> & {
  titleId: string;
  descriptionId: string;
}) {
  const words = useContext(UiWords);
  return (
    <>
      <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 sm:px-6">
        <div className="min-w-0">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900 [overflow-wrap:anywhere]">
            {title}
          </h2>
          {description && (
            <p id={descriptionId} className="mt-1 text-sm text-slate-600">
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
      {footer && <div className="flex justify-end gap-2 border-t border-slate-200 px-5 py-4 *:flex-1 sm:px-6 sm:*:flex-none">{footer}</div>}
    </>
  );
}

/**
 * `Modal` and `NativeModal` read their props one way: the defaults, the ids that name and describe the dialog
 * (`labels`, for its element), and the frame inside it (title, body, footer, close button).
 */
export function useModalParts({
  open,
  onClose,
  size = "md",
  dismissible = true,
  initialFocus,
  role = "dialog",
  closeOnBackdrop = true,
  description,
  ...frame
}: ModalProps) {
  const id = useId();
  return {
    open,
    onClose,
    size,
    dismissible,
    initialFocus,
    role,
    closeOnBackdrop,
    labels: { "aria-labelledby": `${id}-title`, "aria-describedby": description ? `${id}-description` : undefined },
    frame: (
      <ModalFrame
        titleId={`${id}-title`}
        descriptionId={`${id}-description`}
        description={description}
        dismissible={dismissible}
        onClose={onClose}
        {...frame}
      />
    ),
  };
}
