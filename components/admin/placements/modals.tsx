"use client";

import { useFormatter, useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { QrCodeIcon } from "@/components/ui/icons";
import { Modal } from "@/components/ui/modal";
import type { PlacementRow } from "@/shared/contracts/placements";
import { PlacementStatus } from "./columns";

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
  const t = useTranslations("admin.placements.detail");
  const format = useFormatter();
  return (
    <Modal open={placement !== null} onClose={onClose} title={t("title")} size="md">
      {placement && (
        <div className="space-y-4">
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-3 text-sm">
            <dt className="text-slate-500">{t("product")}</dt>
            <dd className="text-slate-900 [overflow-wrap:anywhere]">
              {placement.product_name}
              <span className="block font-mono text-xs text-slate-500">{`/p/${placement.product_url_path}`}</span>
            </dd>
            <dt className="text-slate-500">{t("prize")}</dt>
            <dd className="text-slate-900 [overflow-wrap:anywhere]">{placement.prize_name}</dd>
            <dt className="text-slate-500">{t("status")}</dt>
            <dd>
              <PlacementStatus placement={placement} />
            </dd>
            <dt className="text-slate-500">{t("created")}</dt>
            <dd className="text-slate-900">
              {format.dateTime(new Date(placement.created_at), { dateStyle: "medium", timeStyle: "medium" })}
            </dd>
          </dl>
          <Button onClick={() => onQr(placement)}>
            <QrCodeIcon className="size-4" />
            {t("showQr")}
          </Button>
        </div>
      )}
    </Modal>
  );
}
