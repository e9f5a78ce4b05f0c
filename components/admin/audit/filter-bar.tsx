"use client";

import { useTranslations } from "next-intl";
import type { ListFilterBarProps } from "@/components/admin/list/filter-bar";
import { DateRangeFilter, FilterBar, FilterField, filterControl, SearchFilter, TypedFilter } from "@/components/admin/list/filter-bar";
import { Button } from "@/components/ui/button";
import { type AuditFilters, auditExcelUrl } from "@/lib/client/audit";
import { AUDIT_ACTIONS } from "@/shared/contracts/audit";

/** The audit log's filters: account, action, dates, a search in the target's name, page size, Excel, reset. */
export function AuditFilterBar({ filters, onChange, onReset, pageSize, onPageSizeChange }: ListFilterBarProps<AuditFilters>) {
  const t = useTranslations("admin.audit");
  return (
    <FilterBar
      gridClassName="md:grid-cols-3 xl:grid-cols-6"
      pageSize={pageSize}
      onPageSizeChange={onPageSizeChange}
      excelUrl={auditExcelUrl(filters)}
      onReset={onReset}
      note={
        <div className="min-h-11 text-sm text-slate-700">
          {filters.target && (
            <p className="flex flex-wrap items-center gap-2">
              <span>
                {t.rich("historyOf", { target: filters.target, strong: (chunks) => <strong className="font-mono">{chunks}</strong> })}
              </span>
              <Button size="sm" onClick={() => onChange({ target: "" })}>
                {t("everyTarget")}
              </Button>
            </p>
          )}
        </div>
      }
    >
      <DateRangeFilter start={filters.start_date} end={filters.end_date} onChange={onChange} />
      <FilterField label={t("action")}>
        {(id) => (
          <select id={id} className={filterControl} value={filters.action} onChange={(event) => onChange({ action: event.target.value })}>
            <option value="">{t("allActions")}</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {action}
              </option>
            ))}
          </select>
        )}
      </FilterField>
      <TypedFilter
        label={t("account")}
        value={filters.account}
        onChange={(account) => onChange({ account: account.trim() })}
        maxLength={150}
        placeholder={t("accountPlaceholder")}
      />
      <SearchFilter filters={filters} onChange={onChange} maxLength={200} placeholder={t("searchPlaceholder")} />
    </FilterBar>
  );
}
