"use client";

import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";

/**
 * Asks before a form with unsaved changes is closed (backdrop, Cancel, Escape, a toggle). The form reports
 * `setDirty`; wrap every way of closing in `guard(close)`; render `dialog` once.
 */
export function useDiscardGuard() {
  const t = useTranslations("admin.shell.discard");
  const dirty = useRef(false);
  const [pendingClose, setPendingClose] = useState<(() => void) | null>(null);

  const dialog = (
    <ConfirmDialog
      open={pendingClose !== null}
      onClose={() => setPendingClose(null)}
      title={t("title")}
      confirmLabel={t("confirm")}
      cancelLabel={t("keep")}
      onConfirm={() => {
        const close = pendingClose;
        setPendingClose(null);
        dirty.current = false;
        close?.();
      }}
    >
      {t("body")}
    </ConfirmDialog>
  );

  return {
    setDirty: (value: boolean) => {
      dirty.current = value;
    },
    guard: (close: () => void) => () => {
      if (dirty.current) setPendingClose(() => close);
      else close();
    },
    dialog,
  };
}
