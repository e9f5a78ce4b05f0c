"use client";

import { flexRender, type RowData, type Table } from "@tanstack/react-table";
import type { ReactNode } from "react";

declare module "@tanstack/react-table" {
  // Per-column classes for the header and body cells (width, alignment, hiding on small screens).
  // The type parameters are unused here but must match tanstack's declaration to merge with it.
  interface ColumnMeta<TData extends RowData, TValue> {
    className?: string;
  }
}

/**
 * Renders a @tanstack/react-table instance as a plain, accessible table that scrolls sideways on narrow
 * screens. `empty` replaces the body when there are no rows; `busy` dims it while a new page loads.
 */
export function DataTable<TData>({
  table,
  caption,
  empty,
  busy = false,
}: {
  table: Table<TData>;
  caption: string;
  empty?: ReactNode;
  busy?: boolean;
}) {
  const rows = table.getRowModel().rows;
  return (
    // `relative` keeps absolutely positioned descendants (sr-only labels) inside the scroll box; without it they
    // widen the whole page on phones.
    <div className="relative overflow-x-auto">
      <table
        className={`w-full border-collapse text-left text-sm transition-opacity ${busy ? "opacity-60" : ""}`}
        aria-busy={busy || undefined}
      >
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th
                  key={header.id}
                  scope="col"
                  className={`px-2 py-3 align-middle sm:px-3 ${header.column.columnDef.meta?.className ?? ""}`}
                >
                  {header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.length === 0 && empty ? (
            <tr>
              <td colSpan={table.getVisibleLeafColumns().length}>{empty}</td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.id} className={row.getIsSelected() ? "bg-primary-50/60" : "hover:bg-slate-50"}>
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} className={`px-2 py-3 align-middle sm:px-3 ${cell.column.columnDef.meta?.className ?? ""}`}>
                    {flexRender(cell.column.columnDef.cell, cell.getContext())}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
