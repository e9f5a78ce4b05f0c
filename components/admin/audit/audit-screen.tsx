"use client";

import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { ListTable } from "@/components/admin/list/list-table";
import { useAdminList } from "@/components/admin/list/use-admin-list";
import { useListTable } from "@/components/admin/list/use-list-table";
import { ScreenHeader } from "@/components/admin/screen-header";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { SearchIcon } from "@/components/ui/icons";
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
  const common = useTranslations("common");
  const { moment } = useMoment();
  const list = useAdminList<AuditEntryRow, AuditFilters>({
    key: auditApi.key,
    list: auditApi.list,
    filters: AUDIT_FILTERS,
    failureMessage: t("loadFailed"),
  });
  const columns = useMemo(() => auditColumns({ t, moment }), [t, moment]);
  const { table } = useListTable(list, columns);
  const reset = () => list.setFilters(AUDIT_FILTERS);

  return (
    <div className="space-y-5">
      <ScreenHeader title={t("title")} description={t("description")} />
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
        caption={t("caption")}
        loadingLabel={t("loading")}
        pagerLabel={t("pager")}
        empty={
          <EmptyState
            icon={<SearchIcon />}
            title={t("emptyTitle")}
            description={t("emptyDescription")}
            action={<Button onClick={reset}>{common("resetFilters")}</Button>}
          />
        }
      />
      {list.data && (
        <p className="text-sm text-slate-600" aria-live="polite">
          {common("pageOf", { page: list.dataParams.page, pages: Math.max(1, list.pageCount) })}
          {/* i18n-exempt: a separator */}
          {" · "}
          {t("total", { count: list.total ?? 0 })}
        </p>
      )}
    </div>
  );
}
