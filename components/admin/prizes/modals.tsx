"use client";

import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { EditItemModal, type EditModalWiring } from "@/components/admin/catalogue/modals";
import { Button } from "@/components/ui/button";
import { UndoIcon } from "@/components/ui/icons";
import type { ImageChange } from "@/components/ui/image-picker";
import { translationFormValues } from "@/lib/validation/translations";
import type { PrizeRow } from "@/shared/contracts/prizes";
import { PrizeFormFields, type PrizeFormOutput } from "./form";

/** Spec §2: today's distributed count with its reset button, and the created date. */
function CurrentDistribution({
  prize,
  resetting,
  onResetDaily,
}: {
  prize: PrizeRow;
  resetting: boolean;
  onResetDaily: (prize: PrizeRow) => Promise<boolean>;
}) {
  const t = useTranslations("admin.prizes.edit");
  const format = useFormatter();
  const [today, setToday] = useState(prize.today_distributed);
  return (
    <section aria-labelledby={`distribution-${prize.id}`} className="rounded-xl border border-slate-200 bg-slate-50 p-4">
      <h3 id={`distribution-${prize.id}`} className="mb-3 text-sm font-semibold text-slate-900">
        {t("current")}
      </h3>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-slate-500">{t("today")}</dt>
          <dd className="text-lg font-semibold text-slate-900">
            {today} / {prize.daily_distribution}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">{t("created")}</dt>
          <dd className="text-slate-900">{format.dateTime(new Date(prize.created_at), { dateStyle: "medium", timeStyle: "short" })}</dd>
        </div>
      </dl>
      <Button
        size="sm"
        className="mt-3"
        busy={resetting}
        onClick={async () => {
          if (await onResetDaily(prize)) setToday(0);
        }}
      >
        {!resetting && <UndoIcon className="size-4" />}
        {t("reset")}
      </Button>
    </section>
  );
}

export function EditPrizeModal({
  prize,
  saving,
  resettingId,
  onClose,
  onDirtyChange,
  onSave,
  onResetDaily,
}: EditModalWiring & {
  prize: PrizeRow | null;
  /** The prize whose daily counter is being reset, if any. */
  resettingId: number | null;
  onSave: (prize: PrizeRow, values: PrizeFormOutput, image: ImageChange, shownRemaining: number | undefined) => Promise<void>;
  /** Resolves true when the counter was reset. */
  onResetDaily: (prize: PrizeRow) => Promise<boolean>;
}) {
  const t = useTranslations("admin.prizes");
  return (
    <EditItemModal noun="prize" item={prize} saving={saving} onClose={onClose}>
      {prize && (
        <PrizeFormFields
          key={prize.id}
          mode="edit"
          defaultValues={{
            name: prize.name,
            description: prize.description,
            ...translationFormValues(prize),
            total_quantity: String(prize.total_quantity),
            daily_distribution: String(prize.daily_distribution),
            maintenance_count: String(prize.maintenance_count),
            hourly_limit: prize.hourly_limit === null ? "" : String(prize.hourly_limit),
            remaining_quantity: String(prize.remaining_quantity),
            is_active: prize.is_active,
          }}
          originalImageUrl={prize.image}
          failureMessage={t("updateFailed")}
          onSubmit={(values, image, shownRemaining) => onSave(prize, values, image, shownRemaining)}
          onCancel={onClose}
          onDirtyChange={onDirtyChange}
        >
          <CurrentDistribution prize={prize} resetting={resettingId === prize.id} onResetDaily={onResetDaily} />
        </PrizeFormFields>
      )}
    </EditItemModal>
  );
}
