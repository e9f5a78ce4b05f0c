"use client";

import { useTranslations } from "next-intl";
import type { SystemSettings } from "@/lib/client/settings";
import { useMoment } from "@/lib/client/use-moment";

/**
 * Where the event stands, in words: what a visitor scanning a QR code right now is told. Times in the
 * reader's language on the event's clock (the provider's APP_TIMEZONE).
 */
export function EventStateSummary({ settings }: { settings: SystemSettings }) {
  const t = useTranslations("admin.settings");
  const { moment } = useMoment();
  const start = settings.event_starts_at ? moment(settings.event_starts_at) : null;
  const end = settings.event_ends_at ? moment(settings.event_ends_at) : null;
  const hours =
    start && end ? t("hoursBoth", { start, end }) : start ? t("hoursFrom", { start }) : end ? t("hoursUntil", { end }) : t("noHours");
  return (
    <div role="status" className="rounded-2xl border border-slate-200 bg-white p-4 text-sm text-slate-700 shadow-sm sm:p-5">
      <p className="font-semibold text-slate-900">{t(`state.${settings.event_state}`)}</p>
      <p className="mt-1">{hours}</p>
    </div>
  );
}
