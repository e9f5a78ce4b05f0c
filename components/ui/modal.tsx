"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";
import { CloseIcon } from "./icons";

export type ModalSize = "sm" | "md" | "lg" | "xl" | "2xl" | "3xl" | "4xl" | "full";

const SIZE_CLASS: Record<ModalSize, string> = {
  sm: "max-w-sm",
  md: "max-w-md",
  lg: "max-w-lg",
  xl: "max-w-xl",
  "2xl": "max-w-2xl",
  "3xl": "max-w-3xl",
  "4xl": "max-w-4xl",
  full: "max-w-none h-[calc(100dvh-2rem)]",
};

export type ModalProps = {
  open: boolean;
  /** Called for Escape and the close button; the parent decides whether the modal really closes. */
  onClose: () => void;
  title: ReactNode;
  size?: ModalSize;
  /** "alertdialog" for messages that need an answer (screen readers announce the whole content). */
  role?: "dialog" | "alertdialog";
  /** Hide the corner close button when the content offers its own way out (a single "OK"). */
  hideCloseButton?: boolean;
  /** Accessible name of the corner close button. */
  closeLabel?: string;
  children: ReactNode;
};

/**
 * A modal on the native <dialog> element opened with showModal(): the browser puts it in the top layer,
 * makes the rest of the page inert (the focus trap, for mouse, keyboard and screen readers alike) and
 * sets aria-modal semantics. Escape is routed to onClose so the parent's state stays the truth.
 * Focus goes to the first element marked `data-autofocus` inside, else the browser's first focusable one,
 * and returns to where it was when the modal closes.
 */
export function Modal({ open, onClose, title, size = "md", role = "dialog", hideCloseButton, closeLabel = "Close", children }: ModalProps) {
  if (!open) return null;
  return (
    <OpenModal onClose={onClose} title={title} size={size} role={role} hideCloseButton={hideCloseButton} closeLabel={closeLabel}>
      {children}
    </OpenModal>
  );
}

function OpenModal({ onClose, title, size, role, hideCloseButton, closeLabel, children }: Omit<ModalProps, "open"> & { size: ModalSize }) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  // The latest onClose without re-running the open/close effect on every render.
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const previousFocus = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const html = document.documentElement;
    const previousOverflow = html.style.overflow;
    // The page behind must not scroll under a finger dragging inside the modal.
    html.style.overflow = "hidden";
    if (!dialog.open) dialog.showModal();
    dialog.querySelector<HTMLElement>("[data-autofocus]")?.focus();

    const onCancel = (event: Event) => {
      // Escape: let the parent decide (it may cancel a hold, or ignore it while a request is pending).
      event.preventDefault();
      onCloseRef.current();
    };
    // Chrome lets a second quick Escape close the dialog even though "cancel" was prevented; tell the
    // parent so its state does not say "open" while nothing is shown.
    const onNativeClose = () => onCloseRef.current();
    dialog.addEventListener("cancel", onCancel);
    dialog.addEventListener("close", onNativeClose);
    return () => {
      dialog.removeEventListener("cancel", onCancel);
      dialog.removeEventListener("close", onNativeClose);
      if (dialog.open) dialog.close();
      html.style.overflow = previousOverflow;
      if (previousFocus?.isConnected) previousFocus.focus();
    };
  }, []);

  return (
    <dialog
      ref={ref}
      role={role === "alertdialog" ? "alertdialog" : undefined}
      aria-labelledby={titleId}
      aria-modal="true"
      className={`m-auto w-[calc(100%-2rem)] ${SIZE_CLASS[size]} max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-950/70`}
    >
      <div className="flex items-start justify-between gap-3 px-5 pt-5 sm:px-6 sm:pt-6">
        <h2 id={titleId} className="pt-1.5 text-xl font-bold tracking-tight text-slate-900">
          {title}
        </h2>
        {!hideCloseButton && (
          <button
            type="button"
            onClick={() => onCloseRef.current()}
            aria-label={closeLabel}
            className="-mr-2 -mt-1 flex size-12 shrink-0 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900"
          >
            <CloseIcon className="size-6" />
          </button>
        )}
      </div>
      <div className="px-5 pb-5 pt-3 sm:px-6 sm:pb-6">{children}</div>
    </dialog>
  );
}
