"use client";

import { useTranslations } from "next-intl";
import { type ReactNode, useId, useRef, useState } from "react";
import { Button } from "./button";
import { inputClass } from "./field";
import { Modal } from "./modal";

/**
 * A destructive action confirmed by typing a phrase exactly (a product's name, "delete all"...). A wrong
 * phrase shows `mismatchMessage` and does nothing; `error` shows what the server said when the action failed.
 */
export function ConfirmByTyping({
  open,
  onClose,
  title,
  children,
  phrase,
  inputLabel,
  mismatchMessage,
  confirmLabel,
  busyLabel,
  busy = false,
  error,
  onConfirm,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  /** What will happen, above the field. */
  children?: ReactNode;
  phrase: string;
  inputLabel?: ReactNode;
  mismatchMessage?: string;
  confirmLabel?: string;
  /** The confirm button's text while `busy`. */
  busyLabel?: string;
  busy?: boolean;
  error?: string | null;
  onConfirm: () => void;
}) {
  const t = useTranslations("ui.confirmByTyping");
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [typed, setTyped] = useState("");
  const [mismatch, setMismatch] = useState(false);
  // A fresh field each time the dialog opens.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setTyped("");
      setMismatch(false);
    }
  }
  const message = mismatch ? (mismatchMessage ?? t("mismatch")) : error;
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={title}
      size="md"
      dismissible={!busy}
      initialFocus={inputRef}
      footer={
        <>
          <Button onClick={onClose} disabled={busy}>
            {t("cancel")}
          </Button>
          <Button type="submit" form={`${id}-form`} variant="danger" busy={busy}>
            {busy ? (busyLabel ?? t("deleting")) : (confirmLabel ?? t("delete"))}
          </Button>
        </>
      }
    >
      <form
        id={`${id}-form`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (busy) return;
          if (typed !== phrase) {
            setMismatch(true);
            inputRef.current?.focus();
            return;
          }
          onConfirm();
        }}
      >
        {children && <div className="mb-4 text-sm text-slate-700">{children}</div>}
        <label htmlFor={`${id}-input`} className="mb-1.5 block text-sm text-slate-700">
          {inputLabel ??
            t.rich("typeToConfirm", {
              phrase,
              strong: (chunks) => <strong className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{chunks}</strong>,
            })}
        </label>
        <input
          ref={inputRef}
          id={`${id}-input`}
          value={typed}
          autoComplete="off"
          spellCheck={false}
          aria-invalid={mismatch || undefined}
          aria-describedby={message ? `${id}-message` : undefined}
          onChange={(event) => {
            setTyped(event.target.value);
            setMismatch(false);
          }}
          className={inputClass}
        />
        <div role="alert" id={`${id}-message`}>
          {message && <p className="mt-2 text-sm text-red-700">{message}</p>}
        </div>
      </form>
    </Modal>
  );
}
