"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { PrinterIcon } from "@/components/ui/icons";

export function PrintButton({ disabled = false }: { disabled?: boolean }) {
  const t = useTranslations("admin.print");
  return (
    <Button variant="primary" disabled={disabled} onClick={() => window.print()}>
      <PrinterIcon className="size-4" />
      {t("print")}
    </Button>
  );
}
