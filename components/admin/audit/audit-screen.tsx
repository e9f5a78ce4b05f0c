"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { listFilterBarProps } from "@/components/admin/list/filter-bar";
import { FilteredListResults } from "@/components/admin/list/list-screen-table";
import { useAdminList } from "@/components/admin/list/use-admin-list";
import { useListTable } from "@/components/admin/list/use-list-table";
import { ScreenHeader } from "@/components/admin/screen-header";
import { AUDIT_FILTERS, type AuditFilters, auditApi } from "@/lib/client/audit";
import { useMoment } from "@/lib/client/use-moment";
import type { AuditEntryRow } from "@/shared/contracts/audit";
import { auditColumns } from "./columns";
import { AuditFilterBar } from "./filter-bar";

/**
 * /admin/audit (owners, managers): every admin write, sign-in and sign-out, newest first, filtered in the
 * URL (`?target=winner:12` is one winner's history, linked from the winners screen), with the Excel file.
 */
export function AuditScreen() {
  const t = useTranslations("admin.audit");
  const { moment } = useMoment();
  const list = useAdminList<AuditEntryRow, AuditFilters>({ api: auditApi, filters: AUDIT_FILTERS, failureMessage: t("loadFailed") });
  const columns = useMemo(() => auditColumns({ t, moment }), [t, moment]);
  const { table } = useListTable(list, columns);
  const reset = () => list.setFilters(AUDIT_FILTERS);

  return (
    <div className="space-y-5">
      <ScreenHeader title={t("title")} description={t("description")} />
      <AuditFilterBar {...listFilterBarProps(list, reset)} />
      <FilteredListResults screen="audit" list={list} table={table} onReset={reset} />
    </div>
  );
}
