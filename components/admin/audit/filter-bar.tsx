"use client";

import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { SEARCH_DEBOUNCE_MS } from "@/components/admin/winners/filter-bar";
import { Button } from "@/components/ui/button";
import { DownloadIcon } from "@/components/ui/icons";
import { PageSizeSelect } from "@/components/ui/page-size-select";
import { type AuditFilters, auditExcelUrl } from "@/lib/client/audit";
import { AUDIT_ACTIONS } from "@/lib/contracts/audit";

const control = "min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-xs";

/** A text box that applies its value after a pause in typing (and follows the URL when it changes). */
function useDebounced(value: string, apply: (value: string) => void) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  const latest = useRef(apply);
  latest.current = apply;
  useEffect(() => {
    if (draft === value) return;
    const timer = window.setTimeout(() => latest.current(draft), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [draft, value]);
  return [draft, setDraft] as const;
}

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
  const id = useId();
  const t = useTranslations("admin.audit");
  const common = useTranslations("common");
  const [account, setAccount] = useDebounced(filters.account, (value) => onChange({ account: value.trim() }));
  const [search, setSearch] = useDebounced(filters.search, (value) => onChange({ search: value }));
  const field = (label: string, index: number, input: React.ReactNode, className = "") => (
    <div className={className}>
      <label htmlFor={`${id}-${index}`} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {input}
    </div>
  );
  return (
    <section
      aria-label={common("filters")}
      className="grid grid-cols-2 gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm md:grid-cols-3 xl:grid-cols-6"
    >
      {field(
        common("from"),
        0,
        <input
          id={`${id}-0`}
          type="date"
          className={control}
          value={filters.start_date}
          max={filters.end_date || undefined}
          onChange={(event) => onChange({ start_date: event.target.value })}
        />,
      )}
      {field(
        common("to"),
        1,
        <input
          id={`${id}-1`}
          type="date"
          className={control}
          value={filters.end_date}
          min={filters.start_date || undefined}
          onChange={(event) => onChange({ end_date: event.target.value })}
        />,
      )}
      {field(
        t("action"),
        2,
        <select id={`${id}-2`} className={control} value={filters.action} onChange={(event) => onChange({ action: event.target.value })}>
          <option value="">{t("allActions")}</option>
          {AUDIT_ACTIONS.map((action) => (
            <option key={action} value={action}>
              {action}
            </option>
          ))}
        </select>,
      )}
      {field(
        t("account"),
        3,
        <input
          id={`${id}-3`}
          className={control}
          value={account}
          maxLength={150}
          placeholder={t("accountPlaceholder")}
          onChange={(event) => setAccount(event.target.value)}
        />,
      )}
      {field(
        common("search"),
        4,
        <input
          id={`${id}-4`}
          type="search"
          className={control}
          value={search}
          maxLength={200}
          placeholder={t("searchPlaceholder")}
          onChange={(event) => setSearch(event.target.value)}
        />,
        "col-span-2 md:col-span-1 xl:col-span-2",
      )}
      <div className="col-span-full flex flex-wrap items-end justify-between gap-2">
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
        <div className="flex flex-wrap items-end gap-2">
          <PageSizeSelect value={pageSize} onChange={onPageSizeChange} />
          <a
            href={auditExcelUrl(filters)}
            className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-emerald-700 px-3 text-sm font-medium text-white hover:bg-emerald-800"
          >
            <DownloadIcon className="size-4" /> {common("excel")}
          </a>
          <Button onClick={onReset}>{common("reset")}</Button>
        </div>
      </div>
    </section>
  );
}
