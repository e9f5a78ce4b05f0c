"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { lazy, type ReactNode, type RefObject, Suspense, useEffect, useRef, useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { DownloadIcon } from "@/components/ui/icons";
import { funnelApi } from "@/lib/client/funnel";
import { FUNNEL_STEPS, type Funnel } from "@/shared/contracts/funnel";
import type { FunnelFiguresProps } from "./funnel-figures";
import { usePercent } from "./tables";

/** "2026-11-24T10:00:00+09:00" (already APP_TIMEZONE's clock) as "11-24 10:00". */
const hourLabel = (hour: string) => `${hour.slice(5, 10)} ${hour.slice(11, 16)}`;

// recharts is the dashboard's largest script and drawing its two charts the longest task of its start-up:
// both wait until the charts are about to scroll into view (below the fold on a phone). One retry: a
// dropped chunk on a flaky event network should not leave the charts out.
const loadFigures = () => import("./funnel-figures");
const LazyFigures = lazy(() => loadFigures().catch(loadFigures));

/** Whether the element has come within a screen's quarter of the viewport (it stays true once it has). */
function useNearViewport(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin: "25% 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, near]);
  return near;
}

/** The two charts in their frames, drawn once near the viewport; empty frames of their size until then. */
function FiguresInView(props: FunnelFiguresProps) {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref);
  const frames = (
    <>
      <div aria-hidden="true" className="h-64" />
      <div aria-hidden="true" className="h-64" />
    </>
  );
  return (
    <div ref={ref} className="grid grid-cols-1 gap-5 lg:grid-cols-2">
      {near ? (
        <Suspense fallback={frames}>
          <LazyFigures {...props} />
        </Suspense>
      ) : (
        frames
      )}
    </div>
  );
}

/**
 * The funnel of the whole event on the dashboard: its steps as bars and scans and wins per hour as a line
 * (funnel-figures.tsx), and the same numbers as tables for screen readers (the charts themselves are hidden
 * from them). Refreshed with the dashboard.
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
      <FiguresInView steps={steps} hours={hours} />
      <FunnelTables funnel={data} />
    </div>
  );
}

/** One of the charts' tables: a caption, a row of column titles, and the figures' rows. */
function FiguresTable({ caption, head, children }: { caption: string; head: string[]; children: ReactNode }) {
  return (
    <table>
      <caption>{caption}</caption>
      <thead>
        <tr>
          {head.map((title) => (
            <th key={title} scope="col">
              {title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </table>
  );
}

/** The charts' numbers, for screen readers. */
function FunnelTables({ funnel }: { funnel: Funnel }) {
  const t = useTranslations("admin.dashboard.funnel");
  return (
    <div className="sr-only">
      <FiguresTable caption={t("tableCaption")} head={[t("step"), t("count")]}>
        {FUNNEL_STEPS.map((step) => (
          <tr key={step}>
            <th scope="row">{t(`steps.${step}`)}</th>
            <td>{funnel.totals[step]}</td>
          </tr>
        ))}
      </FiguresTable>
      <FiguresTable caption={t("hoursCaption")} head={[t("hour"), t("scans"), t("wins")]}>
        {funnel.by_hour.map((hour) => (
          <tr key={hour.hour}>
            <th scope="row">{hourLabel(hour.hour)}</th>
            <td>{hour.scans}</td>
            <td>{hour.wins}</td>
          </tr>
        ))}
      </FiguresTable>
    </div>
  );
}
