"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { PrinterIcon } from "@/components/ui/icons";

/**
 * Prints the sheet. With `unsetAddress` (PUBLIC_BASE_URL is not set, so the codes open the address the
 * organiser is using now, often a local one no visitor's phone reaches) it asks first: a printed code
 * cannot be changed.
 */
export function PrintButton({ disabled = false, unsetAddress = null }: { disabled?: boolean; unsetAddress?: string | null }) {
  const t = useTranslations("admin.print");
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button variant="primary" disabled={disabled} onClick={() => (unsetAddress ? setAsking(true) : window.print())}>
        <PrinterIcon className="size-4" />
        {t("print")}
      </Button>
      <ConfirmDialog
        open={asking}
        onClose={() => setAsking(false)}
        title={t("warnTitle", { url: unsetAddress ?? "" })}
        confirmLabel={t("printAnyway")}
        variant="primary"
        onConfirm={() => {
          setAsking(false);
          // After the dialog has gone: it would be printed otherwise.
          window.setTimeout(() => window.print(), 0);
        }}
      >
        <p>{t("warnBody")}</p>
      </ConfirmDialog>
    </>
  );
}
