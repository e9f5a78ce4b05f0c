"use client";

import type { Table } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Banner } from "@/components/ui/banner";
import { DataTable } from "@/components/ui/data-table";
import { Pager } from "@/components/ui/pager";
import { TableSkeleton } from "../screen-skeleton";
import type { AdminList } from "./use-admin-list";

/**
 * The body of a list screen: the load error with "Try again", grey rows (the route's loading skeleton) before the first page, then the
 * table (dimmed while the next page loads) and the pager for the page on screen.
 */
export function ListTable<Row>({
  list,
  table,
  caption,
  empty,
  loadingLabel,
  pagerLabel,
}: {
  list: AdminList<Row, Record<string, string>>;
  table: Table<Row>;
  caption: string;
  empty: ReactNode;
  loadingLabel: string;
  pagerLabel: string;
}) {
  const t = useTranslations("common");
  return (
    <>
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        {list.error ? (
          <div className="p-5">
            <Banner tone="error">
              {list.error}{" "}
              <button type="button" onClick={list.reload} className="font-semibold underline underline-offset-2">
                {t("retry")}
              </button>
            </Banner>
          </div>
        ) : list.data === null ? (
          <TableSkeleton label={loadingLabel} columns={Math.min(table.getVisibleLeafColumns().length, 5)} />
        ) : (
          <DataTable table={table} caption={caption} empty={empty} busy={list.loading} />
        )}
      </div>
      <Pager
        page={list.dataParams.page}
        pageCount={list.pageCount}
        onPageChange={list.setPage}
        label={pagerLabel}
        disabled={list.loading}
      />
    </>
  );
}
