"use client";

import { Button } from "@/components/ui/button";
import { QrCodeIcon } from "@/components/ui/icons";
import { Modal } from "@/components/ui/modal";
import type { PlacementRow } from "@/lib/contracts/placements";
import { PlacementStatus } from "./columns";

const fullTime = new Intl.DateTimeFormat(undefined, { dateStyle: "medium", timeStyle: "medium" });

/** Spec §2: product, prize, status, created time, and a QR button. */
export function PlacementDetailModal({
  placement,
  onClose,
  onQr,
}: {
  placement: PlacementRow | null;
  onClose: () => void;
  onQr: (placement: PlacementRow) => void;
}) {
  return (
    <Modal open={placement !== null} onClose={onClose} title="Placement details" size="md">
      {placement && (
        <div className="space-y-4">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-3 text-sm">
            <dt className="text-slate-500">Product</dt>
            <dd className="text-slate-900 [overflow-wrap:anywhere]">
              {placement.product_name}
              <span className="block font-mono text-xs text-slate-500">/p/{placement.product_url_path}</span>
            </dd>
            <dt className="text-slate-500">Prize</dt>
            <dd className="text-slate-900 [overflow-wrap:anywhere]">{placement.prize_name}</dd>
            <dt className="text-slate-500">Status</dt>
            <dd>
              <PlacementStatus placement={placement} />
            </dd>
            <dt className="text-slate-500">Created</dt>
            <dd className="text-slate-900">{fullTime.format(new Date(placement.created_at))}</dd>
          </dl>
          <Button onClick={() => onQr(placement)}>
            <QrCodeIcon className="size-4" />
            Show QR code
          </Button>
        </div>
      )}
    </Modal>
  );
}
