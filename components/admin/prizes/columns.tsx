"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import { CatalogueItemCell } from "@/components/admin/catalogue/item-cell";
import { actionsColumn } from "@/components/admin/list/actions-column";
import { FROM_MD } from "@/components/admin/list/summary-column";
import { DownloadIcon, UndoIcon } from "@/components/ui/icons";
import { IntentLink } from "@/components/ui/intent-link";
import { type RowAction, RowActions } from "@/components/ui/row-actions";
import { StatusBadge } from "@/components/ui/status-badge";
import { winnersExcelUrl } from "@/lib/client/winners";
import type { PrizeRow } from "@/shared/contracts/prizes";

export type PrizeColumnHandlers = {
  actions: RowAction<PrizeRow>[];
  /** Null for a role that may not reset it: the count shows without the button. */
  onResetDaily: ((prize: PrizeRow) => void) | null;
  /** The prize whose daily counter is being reset, if any. */
  resettingId: number | null;
};

function DailyCell({ prize, handlers }: { prize: PrizeRow; handlers: PrizeColumnHandlers }) {
  const t = useTranslations("admin.prizes.columns");
  const busy = handlers.resettingId === prize.id;
  return (
    <span className="inline-flex items-center gap-1 whitespace-nowrap">
      <span>
        {prize.today_distributed} / {prize.daily_distribution}
      </span>
      {handlers.onResetDaily && (
        <button
          type="button"
          onClick={() => handlers.onResetDaily?.(prize)}
          disabled={busy}
          aria-label={t("resetOf", { name: prize.name })}
          title={t("reset")}
          className="inline-flex size-11 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 disabled:opacity-50 sm:size-9"
        >
          <UndoIcon className={`size-4 ${busy ? "animate-spin" : ""}`} />
        </button>
      )}
    </span>
  );
}

function WinnersCell({ prize }: { prize: PrizeRow }) {
  const t = useTranslations("admin.prizes.columns");
  return (
    <span className="inline-flex items-center gap-1">
      <IntentLink
        href={`/admin/winners?prize=${prize.id}`}
        aria-label={t("viewWinnersOf", { count: prize.winners_count, name: prize.name })}
        className="inline-flex min-h-11 items-center rounded-full bg-slate-100 px-3 text-sm font-semibold text-slate-700 hover:bg-slate-200 sm:min-h-9"
      >
        {t("view", { count: prize.winners_count })}
      </IntentLink>
      <a
        href={winnersExcelUrl({ prize: String(prize.id) })}
        download
        aria-label={t("downloadOf", { name: prize.name })}
        title={t("download")}
        className="inline-flex size-11 items-center justify-center rounded-lg text-emerald-700 hover:bg-emerald-50 sm:size-9"
      >
        <DownloadIcon className="size-5" />
      </a>
    </span>
  );
}

/**
 * Label and value in the phone layout, where the column headers are hidden. Every value box is one touch
 * target tall (the daily count carries its reset button), so labels side by side share a line and so do values.
 */
function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs text-slate-600">{label}</dt>
      <dd className="flex min-h-11 items-center text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** Units won this clock hour against the hourly limit; a dash for a prize not paced by the hour. */
function HourCell({ prize }: { prize: PrizeRow }) {
  const t = useTranslations("admin.prizes.columns");
  if (prize.hourly_limit === null) return <span aria-label={t("noHourlyLimit")}>–</span>;
  return (
    <span className="whitespace-nowrap tabular-nums">
      {prize.this_hour_distributed} / {prize.hourly_limit}
    </span>
  );
}

/** Pages holding the prize at once in maintenance mode; none is a dash, as in the column. */
const maintenanceCount = (prize: PrizeRow) => prize.maintenance_count || "–";

/**
 * The prizes table (spec §2). On phones a row is one cell: the prize, then its figures as labelled facts,
 * then winners and actions; from `md` each has its own column.
 */
export function prizeColumns(
  handlers: PrizeColumnHandlers,
  t: ReturnType<typeof useTranslations<"admin.prizes.columns">>,
): ColumnDef<PrizeRow>[] {
  return [
    {
      id: "prize",
      header: t("prize"),
      meta: { className: "min-w-44" },
      cell: ({ row: { original: prize } }) => (
        <>
          <CatalogueItemCell item={prize} />
          <div className="mt-3 space-y-2 md:hidden">
            <dl className="grid grid-cols-2 gap-x-4 gap-y-2">
              <Fact label={t("leftTotal")}>
                {prize.remaining_quantity} / {prize.total_quantity}
              </Fact>
              <Fact label={t("todayDaily")}>
                <DailyCell prize={prize} handlers={handlers} />
              </Fact>
              <Fact label={t("hourLimit")}>
                <HourCell prize={prize} />
              </Fact>
              <Fact label={t("maintenance")}>{maintenanceCount(prize)}</Fact>
              <Fact label={t("status")}>
                <StatusBadge active={prize.is_active} />
              </Fact>
            </dl>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <WinnersCell prize={prize} />
              <RowActions row={prize} name={prize.name} actions={handlers.actions} />
            </div>
          </div>
        </>
      ),
    },
    {
      id: "quantity",
      header: t("quantity"),
      meta: FROM_MD,
      cell: ({ row }) => (
        <span className="whitespace-nowrap">
          {row.original.remaining_quantity} / {row.original.total_quantity}
        </span>
      ),
    },
    { id: "daily", header: t("daily"), meta: FROM_MD, cell: ({ row }) => <DailyCell prize={row.original} handlers={handlers} /> },
    { id: "hour", header: t("hour"), meta: FROM_MD, cell: ({ row }) => <HourCell prize={row.original} /> },
    {
      id: "maintenance",
      header: t("maintenance"),
      meta: { className: "hidden text-center md:table-cell" },
      cell: ({ row }) => maintenanceCount(row.original),
    },
    { id: "status", header: t("status"), meta: FROM_MD, cell: ({ row }) => <StatusBadge active={row.original.is_active} /> },
    { id: "winners", header: t("winners"), meta: FROM_MD, cell: ({ row }) => <WinnersCell prize={row.original} /> },
    actionsColumn(handlers.actions, "md"),
  ];
}
