"use client";

import { useEffect, useRef } from "react";
import { type ModalProps, modalInitialFocus, modalPanelClass, modalPlacement, useModalParts } from "./modal-frame";

/**
 * `Modal`'s props and look on the browser's own modal <dialog>, for the visitor's page, where every KB is a
 * wait on a venue's network (Radix's dialog would add ~18 KB gzipped to it). `showModal()` puts it in the top
 * layer, makes the page behind inert (focus stays inside, screen readers skip the rest) and turns Escape into
 * a `cancel` event; this adds the rest of `Modal`: initial focus, `dismissible`, `closeOnBackdrop`, the page's
 * scroll lock and focus back where it was on close.
 */
export function NativeModal(props: ModalProps) {
  const { open, onClose, size, dismissible, initialFocus, role, closeOnBackdrop, labels, frame } = useModalParts(props);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  // The listeners are attached once per opening and read the latest props.
  const latest = useRef({ onClose, dismissible, initialFocus });
  useEffect(() => {
    latest.current = { onClose, dismissible, initialFocus };
  });

  useEffect(() => {
    const dialog = dialogRef.current;
    const panel = panelRef.current;
    if (!open || !dialog || !panel) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = "hidden";
    dialog.showModal();
    (modalInitialFocus(panel, latest.current.initialFocus) ?? panel).focus();
    const onCancel = (event: Event) => {
      event.preventDefault();
      if (latest.current.dismissible) latest.current.onClose();
    };
    // Chrome closes a dialog itself at a second Escape with no tap between (its close-request rules): that
    // counts as a close, or is undone while the dialog may not close.
    const onNativeClose = () => {
      if (!latest.current.dismissible) dialog.showModal();
      else latest.current.onClose();
    };
    dialog.addEventListener("cancel", onCancel);
    dialog.addEventListener("close", onNativeClose);
    return () => {
      dialog.removeEventListener("cancel", onCancel);
      dialog.removeEventListener("close", onNativeClose);
      if (dialog.open) dialog.close();
      root.style.overflow = overflow;
      returnTo?.focus();
    };
  }, [open]);

  if (!open) return null;
  return (
    <dialog
      ref={dialogRef}
      role={role === "alertdialog" ? "alertdialog" : undefined}
      aria-modal="true"
      {...labels}
      className="m-0 size-full max-h-none max-w-none overflow-hidden border-0 bg-transparent p-0 text-inherit backdrop:bg-slate-900/50"
    >
      {/* The whole screen but the panel is backdrop: a tap there closes, as on Radix's overlay. */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a pointer-only way out; Escape and the close button are the keyboard's. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: as above. */}
      <div
        className={`h-full ${modalPlacement}`}
        onClick={(event) => {
          if (event.target === event.currentTarget && dismissible && closeOnBackdrop) onClose();
        }}
      >
        <div ref={panelRef} tabIndex={-1} className={modalPanelClass(size)}>
          {frame}
        </div>
      </div>
    </dialog>
  );
}
