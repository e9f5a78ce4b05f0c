"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import { type RowAction, RowActions } from "@/components/ui/row-actions";

/** Where a list's own actions column starts to show; below it the phone layout puts them in the first cell. */
const fromBreakpoint = { sm: "hidden text-right sm:table-cell", md: "hidden text-right md:table-cell" } as const;

function ActionsHeader() {
  const t = useTranslations("admin.shell");
  return <span className="sr-only">{t("actions")}</span>;
}

/** The last column of a list: the row's buttons, under a header only screen readers hear. */
export function actionsColumn<Row extends { name: string }>(actions: RowAction<Row>[], from: keyof typeof fromBreakpoint): ColumnDef<Row> {
  return {
    id: "actions",
    header: () => <ActionsHeader />,
    meta: { className: fromBreakpoint[from] },
    cell: ({ row }) => <RowActions row={row.original} name={row.original.name} actions={actions} />,
  };
}
