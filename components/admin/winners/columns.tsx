"use client";

import type { ColumnDef } from "@tanstack/react-table";
import Link from "next/link";
import { type RowAction, RowActions } from "@/components/ui/row-actions";
import type { WinnerRow } from "@/lib/contracts/winners";

/** A time as the organiser reads it: date and minutes, in this browser's zone (the event's). */
export const wonAt = (iso: string) =>
  new Date(iso).toLocaleString([], {
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });

// Badges never wrap ("Not received" on two lines reads as two states).
function ReceivedBadge({ winner }: { winner: WinnerRow }) {
  return winner.is_received ? (
    <span className="inline-flex flex-col rounded-lg bg-emerald-50 px-2 py-1 text-xs font-semibold whitespace-nowrap text-emerald-800">
      Received
      {winner.received_at && <span className="font-normal">{wonAt(winner.received_at)}</span>}
    </span>
  ) : (
    <span className="inline-flex rounded-lg bg-amber-50 px-2 py-1 text-xs font-semibold whitespace-nowrap text-amber-800">
      Not received
    </span>
  );
}

/**
 * The winners table (spec §2). On phones a row is one cell of lines (nickname, details, received) and the
 * actions, in words; from `md` each field has a column. A nickname (at most 10 characters) breaks only
 * between words: `break-words`, unlike `anywhere`, does not let the column shrink below its longest word.
 */
export function winnerColumns(
  actions: RowAction<WinnerRow>[],
  /** The winner's audit history, for the roles that read the audit log; null for the others. */
  historyOf: ((winner: WinnerRow) => string) | null = null,
): ColumnDef<WinnerRow>[] {
  const fromMd = { className: "hidden md:table-cell" };
  return [
    {
      id: "winner",
      header: "Nickname",
      cell: ({ row: { original: winner } }) => (
        <div className="min-w-0">
          <p className="font-semibold break-words text-slate-900">{winner.name}</p>
          {historyOf && (
            <Link
              href={historyOf(winner)}
              aria-label={`History of ${winner.name}`}
              className="inline-flex min-h-6 items-center text-xs font-medium text-primary-700 underline-offset-2 hover:underline"
            >
              History
            </Link>
          )}
          <p className="text-sm text-slate-600 md:hidden">
            <span className="font-mono">{winner.password}</span> · {winner.prize_name} · {winner.product_name}
          </p>
          <p className="text-xs text-slate-500 md:hidden">{wonAt(winner.created_at)}</p>
          <div className="mt-1 md:hidden">
            <ReceivedBadge winner={winner} />
          </div>
        </div>
      ),
    },
    { id: "password", header: "Password", meta: fromMd, cell: ({ row }) => <span className="font-mono">{row.original.password}</span> },
    // Prize and product names may be one long word: those break anywhere, so the row's buttons stay in the box.
    {
      id: "prize",
      header: "Prize",
      meta: fromMd,
      cell: ({ row }) => <span className="[overflow-wrap:anywhere]">{row.original.prize_name}</span>,
    },
    {
      id: "product",
      header: "Product",
      meta: fromMd,
      cell: ({ row }) => <span className="[overflow-wrap:anywhere]">{row.original.product_name}</span>,
    },
    {
      id: "won",
      header: "Won at",
      meta: fromMd,
      cell: ({ row }) => <span className="whitespace-nowrap">{wonAt(row.original.created_at)}</span>,
    },
    { id: "received", header: "Received", meta: fromMd, cell: ({ row }) => <ReceivedBadge winner={row.original} /> },
    {
      id: "actions",
      header: () => <span className="sr-only">Actions</span>,
      cell: ({ row }) => <RowActions row={row.original} name={row.original.name} actions={actions} wordsOnPhones />,
    },
  ];
}
