"use client";

import type { ColumnDef } from "@tanstack/react-table";
import type { ReactNode } from "react";

/** A column shown from `md` up; below it the row's first cell (its summary) says the same. */
export const FROM_MD = { className: "hidden md:table-cell" } as const;

/**
 * A list's first column: the row's main value and, on phones (where the other columns hide), a summary of
 * them beneath it; its cell may shrink, so a long word never widens a phone's table.
 */
export function summaryColumn<Row>(id: string, header: string, cell: (row: Row) => ReactNode): ColumnDef<Row> {
  return { id, header, cell: ({ row }) => <div className="min-w-0">{cell(row.original)}</div> };
}
