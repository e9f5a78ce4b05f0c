"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { buttonClass } from "@/components/ui/button";
import { DownloadIcon } from "@/components/ui/icons";
import { funnelApi } from "@/lib/client/funnel";
import { FUNNEL_STEPS, type Funnel } from "@/shared/contracts/funnel";
import { usePercent } from "./tables";

/** "2026-11-24T10:00:00+09:00" (already APP_TIMEZONE's clock) as "11-24 10:00". */
const hourLabel = (hour: string) => `${hour.slice(5, 10)} ${hour.slice(11, 16)}`;

const AXIS = { fontSize: 12, fill: "#475569" };

/**
 * The funnel of the whole event on the dashboard: its steps as bars and scans and wins per hour as a line
 * (recharts: SVG that scales to a 390 px phone), and the same numbers as tables for screen readers (the
 * charts themselves are hidden from them). Refreshed with the dashboard.
 */
export function FunnelCharts({ refetchInterval }: { refetchInterval: number | false }) {
  const t = useTranslations("admin.dashboard.funnel");
  const percentOf = usePercent();
  const funnel = useQuery({ queryKey: funnelApi.key({}), queryFn: ({ signal }) => funnelApi.get({}, signal), refetchInterval });
  if (!funnel.data) return <p className="text-sm text-slate-600">{funnel.isError ? t("loadFailed") : t("loading")}</p>;
  const data = funnel.data;
  const steps = FUNNEL_STEPS.map((step) => ({ step: t(`steps.${step}`), count: data.totals[step] }));
  const hours = data.by_hour.map((hour) => ({ hour: hourLabel(hour.hour), scans: hour.scans, wins: hour.wins }));
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-slate-600">
          {t.rich("conversion", {
            value: percentOf(data.totals.conversion),
            strong: (chunks) => <strong className="text-slate-900">{chunks}</strong>,
          })}
        </p>
        <a href={funnelApi.excelUrl({})} className={buttonClass({ size: "sm" })} download>
          <DownloadIcon className="size-4" />
          {t("downloadExcel")}
        </a>
      </div>
      <div className="grid grid-cols-1 gap-5 lg:grid-cols-2">
        <figure aria-hidden="true" className="h-64 min-w-0" data-testid="funnel-bars">
          <ResponsiveContainer width="100%" height="100%">
            {/* Horizontal: the steps read top to bottom as a funnel, and their names fit a 390 px phone. */}
            <BarChart data={steps} layout="vertical" margin={{ top: 4, right: 16, bottom: 0, left: 0 }} accessibilityLayer={false}>
              <CartesianGrid strokeDasharray="3 3" horizontal={false} />
              <XAxis type="number" allowDecimals={false} tick={AXIS} />
              <YAxis type="category" dataKey="step" tick={AXIS} width={96} />
              <Tooltip />
              <Bar dataKey="count" name={t("count")} fill="#4f46e5" radius={[0, 4, 4, 0]} />
            </BarChart>
          </ResponsiveContainer>
        </figure>
        <figure aria-hidden="true" className="h-64 min-w-0" data-testid="funnel-hours">
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={hours} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="hour" tick={AXIS} minTickGap={24} />
              <YAxis allowDecimals={false} tick={AXIS} />
              <Tooltip />
              <Legend />
              {/* Dots while there are few hours: one hour alone is a point, not a line. */}
              <Line type="monotone" dataKey="scans" name={t("scans")} stroke="#4f46e5" strokeWidth={2} dot={hours.length <= 24} />
              <Line type="monotone" dataKey="wins" name={t("wins")} stroke="#d97706" strokeWidth={2} dot={hours.length <= 24} />
            </LineChart>
          </ResponsiveContainer>
        </figure>
      </div>
      <FunnelTables funnel={data} />
    </div>
  );
}

/** The charts' numbers, for screen readers. */
function FunnelTables({ funnel }: { funnel: Funnel }) {
  const t = useTranslations("admin.dashboard.funnel");
  return (
    <div className="sr-only">
      <table>
        <caption>{t("tableCaption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("step")}</th>
            <th scope="col">{t("count")}</th>
          </tr>
        </thead>
        <tbody>
          {FUNNEL_STEPS.map((step) => (
            <tr key={step}>
              <th scope="row">{t(`steps.${step}`)}</th>
              <td>{funnel.totals[step]}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table>
        <caption>{t("hoursCaption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("hour")}</th>
            <th scope="col">{t("scans")}</th>
            <th scope="col">{t("wins")}</th>
          </tr>
        </thead>
        <tbody>
          {funnel.by_hour.map((hour) => (
            <tr key={hour.hour}>
              <th scope="row">{hourLabel(hour.hour)}</th>
              <td>{hour.scans}</td>
              <td>{hour.wins}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
