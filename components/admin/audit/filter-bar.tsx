"use client";

import { useTranslations } from "next-intl";
import { DateRangeFilter, FilterBar, FilterField, filterControl, SEARCH_DEBOUNCE_MS } from "@/components/admin/list/filter-bar";
import { Button } from "@/components/ui/button";
import { type AuditFilters, auditExcelUrl } from "@/lib/client/audit";
import { useDebouncedDraft } from "@/lib/client/use-debounced";
import { AUDIT_ACTIONS } from "@/shared/contracts/audit";

/** The audit log's filters: account, action, dates, a search in the target's name, page size, Excel, reset. */
export function AuditFilterBar({
  filters,
  onChange,
  onReset,
  pageSize,
  onPageSizeChange,
}: {
  filters: AuditFilters;
  onChange: (changes: Partial<AuditFilters>) => void;
  onReset: () => void;
  pageSize: number;
  onPageSizeChange: (size: number) => void;
}) {
  const t = useTranslations("admin.audit");
  const common = useTranslations("common");
  const [account, setAccount, accountBox] = useDebouncedDraft(
    filters.account,
    (value) => onChange({ account: value.trim() }),
    SEARCH_DEBOUNCE_MS,
  );
  const [search, setSearch, searchBox] = useDebouncedDraft(filters.search, (value) => onChange({ search: value }), SEARCH_DEBOUNCE_MS);
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
      <FilterField label={t("account")}>
        {(id) => (
          <input
            ref={accountBox}
            id={id}
            className={filterControl}
            value={account}
            maxLength={150}
            placeholder={t("accountPlaceholder")}
            onChange={(event) => setAccount(event.target.value)}
          />
        )}
      </FilterField>
      <FilterField label={common("search")} className="col-span-2 md:col-span-1 xl:col-span-2">
        {(id) => (
          <input
            ref={searchBox}
            id={id}
            type="search"
            className={filterControl}
            value={search}
            maxLength={200}
            placeholder={t("searchPlaceholder")}
            onChange={(event) => setSearch(event.target.value)}
          />
        )}
      </FilterField>
    </FilterBar>
  );
}
