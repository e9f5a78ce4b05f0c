"use client";

import { Button } from "@/components/ui/button";
import { PrinterIcon } from "@/components/ui/icons";

export function PrintButton({ disabled = false }: { disabled?: boolean }) {
  return (
    <Button variant="primary" disabled={disabled} onClick={() => window.print()}>
      <PrinterIcon className="size-4" />
      Print
    </Button>
  );
}
