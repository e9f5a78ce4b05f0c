"use client";

import * as Dialog from "@radix-ui/react-dialog";
import { type ComponentPropsWithoutRef, type ReactNode, type RefObject, useContext, useRef } from "react";
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

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

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
 * An accessible dialog (a `DialogLayer`): labelled by its title (and `description`), aria-modal, a bottom sheet
 * on phones. Escape, a press on the backdrop and the close button call `onClose`. `dismissible={false}` holds
 * it open, e.g. while saving; `closeOnBackdrop={false}` keeps Escape and the close button but ignores taps
 * outside (a visitor's claim form must not vanish on a stray tap).
 * Focus goes to `initialFocus`, else an element marked `data-autofocus`, else the body's first focusable one.
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
  const full = size === "full";
  return (
    <DialogLayer
      open={open}
      onClose={onClose}
      dismissible={dismissible}
      closeOnBackdrop={closeOnBackdrop}
      initialFocus={(panel) =>
        initialFocus?.current ??
        panel.querySelector<HTMLElement>("[data-autofocus]") ??
        panel.querySelector<HTMLElement>(`[data-modal-body] :is(${FOCUSABLE})`)
      }
      overlayClassName="fixed inset-0 z-50 flex items-end justify-center bg-slate-900/50 sm:items-center sm:p-4"
      role={role}
      // Radix adds aria-describedby only when there is a description.
      aria-describedby={undefined}
      className={`relative flex max-h-[92dvh] w-full flex-col rounded-t-2xl bg-white shadow-xl focus:outline-none sm:max-h-[calc(100dvh-2rem)] sm:rounded-2xl ${sizeClass[size]} ${full ? "h-[92dvh]" : ""}`}
    >
      <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 sm:px-6">
        <div className="min-w-0">
          <Dialog.Title className="text-lg font-semibold text-slate-900 [overflow-wrap:anywhere]">{title}</Dialog.Title>
          {description && <Dialog.Description className="mt-1 text-sm text-slate-600">{description}</Dialog.Description>}
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
    </DialogLayer>
  );
}
