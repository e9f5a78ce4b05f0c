"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { useFormatter, useTranslations } from "next-intl";
import { EyeIcon, QrCodeIcon } from "@/components/ui/icons";
import { type RowAction, RowActions } from "@/components/ui/row-actions";
import { StatusBadge } from "@/components/ui/status-badge";
import { useMoment } from "@/lib/client/use-moment";
import type { PlacementRow } from "@/shared/contracts/placements";

/** When a placement was made, in the reader's language and APP_TIMEZONE. */
function PlacedAt({ iso, className }: { iso: string; className: string }) {
  const format = useFormatter();
  return (
    <span className={className}>
      {format.dateTime(new Date(iso), { month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })}
    </span>
  );
}

export function PlacementStatus({ placement }: { placement: PlacementRow }) {
  const t = useTranslations("admin.placements.columns");
  const { clock } = useMoment();
  // A drop still to come (as of the list's last read): nobody can hold it before its time.
  const dropping = placement.is_active && placement.drops_at !== null && Date.parse(placement.drops_at) > Date.now();
  return (
    <span className="inline-flex flex-wrap gap-1">
      <StatusBadge active={placement.is_active} />
      {placement.is_reserved && (
        <span className="inline-flex whitespace-nowrap rounded-full bg-amber-50 px-2.5 py-1 text-xs font-semibold text-amber-800 ring-1 ring-amber-200">
          {t("beingClaimed")}
        </span>
      )}
      {dropping && (
        <span className="inline-flex whitespace-nowrap rounded-full bg-primary-50 px-2.5 py-1 text-xs font-semibold text-primary-800 ring-1 ring-primary-200">
          {t("dropsAt", { time: clock(placement.drops_at!) })}
        </span>
      )}
    </span>
  );
}

export type PlacementColumnHandlers = {
  actions: RowAction<PlacementRow>[];
  onDetail: (placement: PlacementRow) => void;
  onQr: (placement: PlacementRow) => void;
};

const iconButton =
  "inline-flex size-11 items-center justify-center rounded-lg text-slate-700 hover:bg-slate-100 sm:size-9 focus-visible:outline-offset-0";

function LookButtons({ placement, handlers }: { placement: PlacementRow; handlers: PlacementColumnHandlers }) {
  const t = useTranslations("admin.placements.columns");
  return (
    <span className="inline-flex">
      <button
        type="button"
        className={iconButton}
        onClick={() => handlers.onDetail(placement)}
        aria-label={t("detailsOf", { prize: placement.prize_name, product: placement.product_name })}
        title={t("details")}
      >
        <EyeIcon className="size-5" />
      </button>
      <button
        type="button"
        className={iconButton}
        onClick={() => handlers.onQr(placement)}
        aria-label={t("qrOf", { product: placement.product_name })}
        title={t("qr")}
      >
        <QrCodeIcon className="size-5" />
      </button>
    </span>
  );
}

export type PlacementWords = ReturnType<typeof useTranslations<"admin.placements.columns">>;

/** "Prize on page", the accessible name of a row's buttons. */
export const placementName = (placement: PlacementRow, t: PlacementWords) =>
  t("name", { prize: placement.prize_name, product: placement.product_name });

/**
 * The placements table (spec §2). Below 1280 px (phones, tablets, a laptop beside the admin menu) a row is
 * one cell: page, prize, status and time, then the buttons; the columns need about 900 px.
 */
export function placementColumns(handlers: PlacementColumnHandlers, t: PlacementWords): ColumnDef<PlacementRow>[] {
  const fromXl = { className: "hidden xl:table-cell" };
  return [
    {
      id: "product",
      header: t("product"),
      meta: { className: "min-w-36" },
      cell: ({ row: { original: placement } }) => (
        <>
          <p className="font-medium text-slate-900 [overflow-wrap:break-word]">{placement.product_name}</p>
          <p className="font-mono text-xs text-slate-500">{`/p/${placement.product_url_path}`}</p>
          <div className="mt-2 space-y-2 xl:hidden">
            <p className="text-slate-800 [overflow-wrap:anywhere]">
              <span className="text-slate-500">{t("prizeLabel")} </span>
              {placement.prize_name}
            </p>
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="inline-flex items-center gap-2">
                <PlacementStatus placement={placement} />
                <PlacedAt iso={placement.created_at} className="text-xs text-slate-500" />
              </span>
              <span className="inline-flex items-center">
                <LookButtons placement={placement} handlers={handlers} />
                <RowActions row={placement} name={placementName(placement, t)} actions={handlers.actions} />
              </span>
            </div>
          </div>
        </>
      ),
    },
    {
      id: "prize",
      header: t("prize"),
      meta: fromXl,
      // Wrapped between words where it can: `anywhere` would let a narrow table squeeze it to one letter a line.
      cell: ({ row }) => <span className="[overflow-wrap:break-word]">{row.original.prize_name}</span>,
    },
    { id: "status", header: t("status"), meta: fromXl, cell: ({ row }) => <PlacementStatus placement={row.original} /> },
    {
      id: "created",
      header: t("created"),
      meta: fromXl,
      cell: ({ row }) => <PlacedAt iso={row.original.created_at} className="whitespace-nowrap" />,
    },
    {
      id: "look",
      header: () => <span className="sr-only">{t("look")}</span>,
      meta: fromXl,
      cell: ({ row }) => <LookButtons placement={row.original} handlers={handlers} />,
    },
    {
      id: "actions",
      header: () => <span className="sr-only">{t("actions")}</span>,
      meta: { className: "hidden text-right xl:table-cell" },
      cell: ({ row }) => <RowActions row={row.original} name={placementName(row.original, t)} actions={handlers.actions} />,
    },
  ];
}
