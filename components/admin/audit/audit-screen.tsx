"use client";

import { getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useMemo } from "react";
import { ListTable } from "@/components/admin/list/list-table";
import { useAdminList } from "@/components/admin/list/use-admin-list";
import { ScreenHeader } from "@/components/admin/screen-header";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { SearchIcon } from "@/components/ui/icons";
import { AUDIT_FILTERS, type AuditFilters, auditApi } from "@/lib/client/audit";
import type { AuditEntryRow } from "@/lib/contracts/audit";
import { auditColumns } from "./columns";
import { AuditFilterBar } from "./filter-bar";

/**
 * /admin/audit (owners, managers): every admin write, sign-in and sign-out, newest first, filtered in the
 * URL (`?target=winner:12` is one winner's history, linked from the winners screen), with the Excel file.
 */
export function AuditScreen() {
  const list = useAdminList<AuditEntryRow, AuditFilters>({
    key: auditApi.key,
    list: auditApi.list,
    filters: AUDIT_FILTERS,
    failureMessage: "Failed to load the audit log.",
  });
  const columns = useMemo(() => auditColumns(), []);
  const table = useReactTable({
    data: list.data?.results ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (entry) => String(entry.id),
    manualPagination: true,
  });
  const reset = () => list.setFilters(AUDIT_FILTERS);

  return (
    <div className="space-y-5">
      <ScreenHeader
        title="Audit log"
        description="Who did what, and when: every change, sign-in and sign-out. Rows can never be changed."
      />
      <AuditFilterBar
        filters={list.params.filters}
        onChange={list.setFilters}
        onReset={reset}
        pageSize={list.params.pageSize}
        onPageSizeChange={list.setPageSize}
      />
      <ListTable
        list={list}
        table={table}
        caption="Audit log"
        loadingLabel="Loading the audit log"
        pagerLabel="Audit log pages"
        empty={
          <EmptyState
            icon={<SearchIcon />}
            title="Nothing recorded matches"
            description="Change the filters, or reset them to see every entry."
            action={<Button onClick={reset}>Reset filters</Button>}
          />
        }
      />
      {list.data && (
        <p className="text-sm text-slate-600" aria-live="polite">
          Page {list.dataParams.page} / {Math.max(1, list.pageCount)} · {list.total} entr{list.total === 1 ? "y" : "ies"}
        </p>
      )}
    </div>
  );
}
