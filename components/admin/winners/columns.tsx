"use client";

import type { ColumnDef } from "@tanstack/react-table";
import type { useTranslations } from "next-intl";
import { FROM_MD, summaryColumn } from "@/components/admin/list/summary-column";
import { IntentLink } from "@/components/ui/intent-link";
import { type RowAction, RowActions } from "@/components/ui/row-actions";
import { type WinnerRow, winnerLabel } from "@/shared/contracts/winners";
import { DeadlineNote } from "./deadline-note";

type Words = ReturnType<typeof useTranslations<"admin.winners">>;
type Moment = (iso: string) => string;

// Badges never wrap ("Not received" on two lines reads as two states).
function ReceivedBadge({ winner, t, moment }: { winner: WinnerRow; t: Words; moment: Moment }) {
  return winner.is_received ? (
    <span className="inline-flex flex-col rounded-lg bg-emerald-50 px-2 py-1 text-xs font-semibold whitespace-nowrap text-emerald-800">
      {t("received")}
      {winner.received_at && <span className="font-normal">{moment(winner.received_at)}</span>}
    </span>
  ) : (
    <span className="inline-flex rounded-lg bg-amber-50 px-2 py-1 text-xs font-semibold whitespace-nowrap text-amber-800">
      {t("notReceived")}
    </span>
  );
}

/** Received or not, and under it the collection deadline (deadline-note.tsx). */
function StatusCell({ winner, t, moment }: { winner: WinnerRow; t: Words; moment: Moment }) {
  return (
    <div className="flex flex-col items-start">
      <ReceivedBadge winner={winner} t={t} moment={moment} />
      <DeadlineNote winner={winner} t={t} moment={moment} />
    </div>
  );
}

/**
 * The winners table (spec §2). On phones a row is one cell of lines (nickname, details, received) and the
 * actions, in words; from `md` each field has a column. A nickname (at most 10 characters) breaks only
 * between words: `break-words`, unlike `anywhere`, does not let the column shrink below its longest word.
 */
export function winnerColumns({
  actions,
  historyOf = null,
  t,
  actionsLabel,
  moment,
  erasedLabel = "",
  erase = null,
}: {
  actions: RowAction<WinnerRow>[];
  /** The winner's audit history, for the roles that read the audit log; null for the others. */
  historyOf?: ((winner: WinnerRow) => string) | null;
  t: Words;
  actionsLabel: string;
  moment: Moment;
  /** The badge of a winner whose personal data was erased (server-behaviour.md, "Privacy"). */
  erasedLabel?: string;
  /**
   * Erasing a winner's personal data, for the roles that may (null for the others): a small button under the
   * nickname beside the history link, not a row button, so the row's buttons keep their room (it is rare).
   */
  erase?: { label: string; onErase: (winner: WinnerRow) => void } | null;
}): ColumnDef<WinnerRow>[] {
  return [
    summaryColumn("winner", t("nickname"), (winner) => (
      <>
        <p className="font-semibold break-words text-slate-900">
          {winnerLabel(winner)}
          {winner.erased_at && (
            <span className="ml-2 inline-flex rounded-lg bg-slate-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-slate-700">
              {erasedLabel}
            </span>
          )}
        </p>
        <div className="flex flex-wrap gap-x-3">
          {historyOf && (
            <IntentLink
              href={historyOf(winner)}
              aria-label={t("historyOf", { name: winnerLabel(winner) })}
              className="inline-flex min-h-6 items-center text-xs font-medium text-primary-700 underline-offset-2 hover:underline"
            >
              {t("history")}
            </IntentLink>
          )}
          {erase && !winner.erased_at && (
            <button
              type="button"
              onClick={() => erase.onErase(winner)}
              aria-label={`${erase.label} ${winnerLabel(winner)}`}
              className="inline-flex min-h-6 items-center text-xs font-medium text-red-700 underline-offset-2 hover:underline"
            >
              {erase.label}
            </button>
          )}
        </div>
        <p className="text-sm text-slate-600 md:hidden">
          {/* i18n-exempt: separators between the winner's own data */}
          <span className="font-mono">{winner.password}</span> · {winner.prize_name} · {winner.product_name}
        </p>
        <p className="text-xs text-slate-500 md:hidden">{moment(winner.created_at)}</p>
        <div className="mt-1 md:hidden">
          <StatusCell winner={winner} t={t} moment={moment} />
        </div>
      </>
    )),
    {
      id: "password",
      header: t("password"),
      meta: FROM_MD,
      cell: ({ row }) => <span className="font-mono">{row.original.password}</span>,
    },
    // Prize and product names may be one long word: those break anywhere, so the row's buttons stay in the box.
    {
      id: "prize",
      header: t("prize"),
      meta: FROM_MD,
      cell: ({ row }) => <span className="[overflow-wrap:anywhere]">{row.original.prize_name}</span>,
    },
    {
      id: "product",
      header: t("product"),
      meta: FROM_MD,
      cell: ({ row }) => <span className="[overflow-wrap:anywhere]">{row.original.product_name}</span>,
    },
    {
      id: "won",
      header: t("wonAt"),
      meta: FROM_MD,
      cell: ({ row }) => <span className="whitespace-nowrap">{moment(row.original.created_at)}</span>,
    },
    {
      id: "received",
      header: t("received"),
      meta: FROM_MD,
      cell: ({ row }) => <StatusCell winner={row.original} t={t} moment={moment} />,
    },
    {
      id: "actions",
      header: () => <span className="sr-only">{actionsLabel}</span>,
      cell: ({ row }) => <RowActions row={row.original} name={winnerLabel(row.original)} actions={actions} wordsOnPhones />,
    },
  ];
}
