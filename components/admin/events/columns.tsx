"use client";

import type { ColumnDef } from "@tanstack/react-table";
import type { useTranslations } from "next-intl";
import { FROM_MD, summaryColumn } from "@/components/admin/list/summary-column";
import { type RowAction, RowActions } from "@/components/ui/row-actions";
import type { EventRow, EventStatus } from "@/shared/contracts/events";

type Words = ReturnType<typeof useTranslations<"admin.events">>;

const STATUS_LOOK: Record<EventStatus, string> = {
  draft: "bg-slate-100 text-slate-700 ring-slate-300",
  live: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  closed: "bg-amber-50 text-amber-900 ring-amber-300",
};

function StatusPill({ status, t }: { status: EventStatus; t: Words }) {
  return (
    <span className={`inline-flex whitespace-nowrap rounded-full px-2.5 py-1 text-xs font-semibold ring-1 ${STATUS_LOOK[status]}`}>
      {t(`status.${status}`)}
    </span>
  );
}

function DefaultMark({ t }: { t: Words }) {
  return (
    <span className="inline-flex whitespace-nowrap rounded-full bg-primary-50 px-2 py-0.5 text-xs font-semibold text-primary-800 ring-1 ring-primary-200">
      {t("default")}
    </span>
  );
}

/**
 * The events table: name (with the default's mark), status, pages, prizes, winners, and the row's actions (for
 * those who may change events). On phones a row is one cell: the name, its status and counts, then the actions.
 */
export function eventColumns({
  actions,
  t,
  actionsLabel,
}: {
  actions: RowAction<EventRow>[];
  t: Words;
  actionsLabel: string;
}): ColumnDef<EventRow>[] {
  const buttons = (event: EventRow) => <RowActions row={event} name={event.name} actions={actions} wordsOnPhones />;
  return [
    summaryColumn("name", t("name"), (event) => (
      <>
        <p className="flex flex-wrap items-center gap-2 font-semibold [overflow-wrap:anywhere] text-slate-900">
          {event.name}
          {event.is_default && <DefaultMark t={t} />}
        </p>
        <div className="mt-2 space-y-2 md:hidden">
          <p className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
            <StatusPill status={event.status} t={t} />
            <span>{t("phoneLine", { pages: event.product_pages, prizes: event.prizes, winners: event.winners })}</span>
          </p>
          {/* A phone's width holds the labelled buttons side by side, wrapping, rather than one under another. */}
          {actions.length > 0 && <div className="[&>div]:flex-row [&>div]:flex-wrap [&>div]:items-center">{buttons(event)}</div>}
        </div>
      </>
    )),
    { id: "status", header: t("statusHeader"), meta: FROM_MD, cell: ({ row }) => <StatusPill status={row.original.status} t={t} /> },
    { id: "pages", header: t("pages"), meta: FROM_MD, cell: ({ row }) => row.original.product_pages },
    { id: "prizes", header: t("prizes"), meta: FROM_MD, cell: ({ row }) => row.original.prizes },
    { id: "winners", header: t("winners"), meta: FROM_MD, cell: ({ row }) => row.original.winners },
    ...(actions.length > 0
      ? [
          {
            id: "actions",
            header: () => <span className="sr-only">{actionsLabel}</span>,
            meta: FROM_MD,
            cell: ({ row }) => buttons(row.original),
          } satisfies ColumnDef<EventRow>,
        ]
      : []),
  ];
}
