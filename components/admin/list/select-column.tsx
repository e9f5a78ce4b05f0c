"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { Checkbox } from "@/components/ui/checkbox";

/** The check box column of a list with bulk actions: select one row, or every row on this page. */
export function selectColumn<Row>({ pageLabel, rowLabel }: { pageLabel: string; rowLabel: (row: Row) => string }): ColumnDef<Row> {
  return {
    id: "select",
    meta: { className: "w-10" },
    header: ({ table }) => (
      <Checkbox
        touchTarget
        aria-label={pageLabel}
        checked={table.getIsAllPageRowsSelected()}
        indeterminate={table.getIsSomePageRowsSelected()}
        disabled={table.getRowModel().rows.length === 0}
        onChange={table.getToggleAllPageRowsSelectedHandler()}
      />
    ),
    cell: ({ row }) => (
      <Checkbox touchTarget aria-label={rowLabel(row.original)} checked={row.getIsSelected()} onChange={row.getToggleSelectedHandler()} />
    ),
  };
}
