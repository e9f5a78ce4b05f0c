"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { type ComponentPropsWithoutRef, type ReactNode, useRef } from "react";
import { type ModalProps, modalInitialFocus, modalPanelClass, modalPlacement, useModalParts } from "./modal-frame";

/**
 * One modal layer on Radix's dialog primitive (the one shadcn/ui builds on): portalled to the body, focus
 * trapped inside (Tab wraps), the rest of the page hidden from screen readers and not scrollable, Escape and
 * a press outside answered by the top layer only. Here on top of Radix: focus goes to `initialFocus(panel)`
 * (else the panel) and returns where it was on close, though no Radix trigger opened it; `dismissible={false}`
 * holds it open; `closeOnBackdrop={false}` ignores presses outside. `overlayClassName` styles the backdrop,
 * which also lays the panel out; everything else goes to the panel.
 */
export function DialogLayer({
  open,
  onClose,
  dismissible = true,
  closeOnBackdrop = true,
  initialFocus,
  overlayClassName,
  children,
  ...panel
}: {
  open: boolean;
  onClose: () => void;
  dismissible?: boolean;
  closeOnBackdrop?: boolean;
  initialFocus?: (panel: HTMLElement) => HTMLElement | null | undefined;
  overlayClassName: string;
  children: ReactNode;
} & Omit<
  ComponentPropsWithoutRef<typeof Dialog.Content>,
  "onOpenAutoFocus" | "onCloseAutoFocus" | "onEscapeKeyDown" | "onPointerDownOutside"
>) {
  const panelRef = useRef<HTMLDivElement>(null);
  const returnTo = useRef<HTMLElement | null>(null);
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClassName}>
          <Dialog.Content
            ref={panelRef}
            aria-modal="true"
            {...panel}
            onOpenAutoFocus={(event) => {
              // Radix moves focus only after this, so the element to go back to is still the active one.
              returnTo.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
              event.preventDefault();
              const element = panelRef.current;
              if (element) (initialFocus?.(element) ?? element).focus();
            }}
            onCloseAutoFocus={(event) => {
              event.preventDefault();
              returnTo.current?.focus();
            }}
            onEscapeKeyDown={(event) => {
              // Radix hears Escape first (capture): a field whose own list is open (the search picker) closes that.
              const target = event.target instanceof Element ? event.target : null;
              if (!dismissible || target?.getAttribute("aria-expanded") === "true") event.preventDefault();
            }}
            onPointerDownOutside={(event) => {
              if (!dismissible || !closeOnBackdrop) event.preventDefault();
            }}
          >
            {children}
          </Dialog.Content>
        </Dialog.Overlay>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * The admin area's dialog (a `DialogLayer`): labelled by its title (and `description`), aria-modal, a bottom
 * sheet on phones. Escape, a press on the backdrop and the close button call `onClose`. The visitor's page
 * uses `NativeModal` (same props and look, on <dialog>), which costs its phones no Radix download.
 */
export function Modal(props: ModalProps) {
  const { open, onClose, size, dismissible, initialFocus, role, closeOnBackdrop, labels, frame } = useModalParts(props);
  return (
    <DialogLayer
      open={open}
      onClose={onClose}
      dismissible={dismissible}
      closeOnBackdrop={closeOnBackdrop}
      initialFocus={(panel) => modalInitialFocus(panel, initialFocus)}
      overlayClassName={`fixed inset-0 z-50 bg-slate-900/50 ${modalPlacement}`}
      role={role}
      {...labels}
      className={modalPanelClass(size)}
    >
      {frame}
    </DialogLayer>
  );
}
