"use client";

import { type ColumnDef, getCoreRowModel, type RowSelectionState, useReactTable } from "@tanstack/react-table";
import { useState } from "react";
import type { AdminList } from "./use-admin-list";

/**
 * The table of a list screen: the rows of the page on screen (`list.data`), one row per `id`, paged by the
 * server (`ListTable` draws it and its pager). With `selectColumn` among the columns, the check boxes' state
 * lives here: `selectedIds` are the ticked rows, a new page, size or filter starts a new selection, and
 * `clearSelection()` empties it after a bulk action.
 */
export function useListTable<Row extends { id: number }>(list: AdminList<Row, Record<string, string>>, columns: ColumnDef<Row>[]) {
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  // A selection belongs to the rows on screen: a new page, size or filter starts a new one.
  const [selectionParams, setSelectionParams] = useState(list.params);
  if (selectionParams !== list.params) {
    setSelectionParams(list.params);
    setRowSelection({});
  }
  const table = useReactTable({
    data: list.data?.results ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (row) => String(row.id),
    state: { rowSelection },
    onRowSelectionChange: setRowSelection,
    manualPagination: true,
  });
  const selectedIds = Object.keys(rowSelection)
    .filter((id) => rowSelection[id])
    .map(Number);
  return { table, selectedIds, clearSelection: () => setRowSelection({}) };
}
