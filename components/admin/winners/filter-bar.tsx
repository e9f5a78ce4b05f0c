"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useId, useRef, useState } from "react";
import { useMay } from "@/components/admin/role-context";
import { Button } from "@/components/ui/button";
import { DownloadIcon } from "@/components/ui/icons";
import { PageSizeSelect } from "@/components/ui/page-size-select";
import { READ_ROLES } from "@/lib/auth/roles";
import { type PickerOption, pickersApi } from "@/lib/client/pickers";
import { type WinnerFilters, winnersExcelUrl } from "@/lib/client/winners";

/** Spec §9: the winner search waits for a pause in typing. */
export const SEARCH_DEBOUNCE_MS = 500;

const control = "min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-xs";
const today = () => new Date().toLocaleDateString("en-CA");

/** A label above its control, tied by id (a label wrapping a select would also read out its option). */
function Labelled({ label, id, className, children }: { label: string; id: string; className?: string; children: React.ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
    </div>
  );
}

/** A product or prize dropdown of the first 100 (spec §9), with "all" first. */
function PickerSelect({
  id,
  value,
  options,
  allLabel,
  unknownLabel,
  onChange,
}: {
  id: string;
  value: string;
  options: PickerOption[] | undefined;
  allLabel: string;
  /** The chosen one's label when it is not among the options ("Product #12"). */
  unknownLabel: (id: string) => string;
  onChange: (value: string) => void;
}) {
  return (
    <select id={id} className={control} value={value} onChange={(event) => onChange(event.target.value)}>
      <option value="">{allLabel}</option>
      {/* One opened from a link but beyond the first 100 still shows as chosen. */}
      {value && !options?.some((option) => String(option.id) === value) && <option value={value}>{unknownLabel(value)}</option>}
      {options?.map((option) => (
        <option key={option.id} value={option.id}>
          {option.name}
        </option>
      ))}
    </select>
  );
}

/**
 * The winners filter bar (spec §2): dates with the spec's limits (start at most the end or today, end at
 * least the start), product and prize, received, a debounced search, page size, Excel and reset.
 */
export function WinnerFilterBar({
  filters,
  onChange,
  onReset,
  pageSize,
  onPageSizeChange,
}: {
  filters: WinnerFilters;
  onChange: (changes: Partial<WinnerFilters>) => void;
  onReset: () => void;
  pageSize: number;
  onPageSizeChange: (size: number) => void;
}) {
  const id = useId();
  const t = useTranslations("admin.winners");
  const common = useTranslations("common");
  // The desk finds winners by name or password: the page and prize lists (and the export) are not theirs.
  const readsCatalogue = useMay(READ_ROLES);
  const products = useQuery({
    queryKey: ["pickers", "products"],
    queryFn: ({ signal }) => pickersApi.products("", signal),
    enabled: readsCatalogue,
  });
  const prizes = useQuery({
    queryKey: ["pickers", "prizes"],
    queryFn: ({ signal }) => pickersApi.prizes("", signal),
    enabled: readsCatalogue,
  });
  const [search, setSearch] = useState(filters.search);
  // The URL changed elsewhere (reset, back button): the box follows it.
  useEffect(() => setSearch(filters.search), [filters.search]);
  const latestOnChange = useRef(onChange);
  latestOnChange.current = onChange;
  useEffect(() => {
    if (search === filters.search) return;
    const timer = window.setTimeout(() => latestOnChange.current({ search }), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [search, filters.search]);

  return (
    <section
      aria-label={common("filters")}
      className="grid grid-cols-2 gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm md:grid-cols-3 xl:grid-cols-7"
    >
      <Labelled label={common("from")} id={`${id}-0`}>
        <input
          id={`${id}-0`}
          type="date"
          className={control}
          value={filters.start_date}
          max={filters.end_date || today()}
          onChange={(event) => onChange({ start_date: event.target.value })}
        />
      </Labelled>
      <Labelled label={common("to")} id={`${id}-1`}>
        <input
          id={`${id}-1`}
          type="date"
          className={control}
          value={filters.end_date}
          min={filters.start_date || undefined}
          onChange={(event) => onChange({ end_date: event.target.value })}
        />
      </Labelled>
      {readsCatalogue && (
        <Labelled label={t("product")} id={`${id}-2`}>
          <PickerSelect
            id={`${id}-2`}
            value={filters.product}
            options={products.data}
            allLabel={t("allProducts")}
            unknownLabel={(product) => t("productNumber", { id: product })}
            onChange={(product) => onChange({ product })}
          />
        </Labelled>
      )}
      {readsCatalogue && (
        <Labelled label={t("prize")} id={`${id}-3`}>
          <PickerSelect
            id={`${id}-3`}
            value={filters.prize}
            options={prizes.data}
            allLabel={t("allPrizes")}
            unknownLabel={(prize) => t("prizeNumber", { id: prize })}
            onChange={(prize) => onChange({ prize })}
          />
        </Labelled>
      )}
      <Labelled label={t("receivedFilter")} id={`${id}-4`}>
        <select
          id={`${id}-4`}
          className={control}
          value={filters.status ? `status:${filters.status}` : filters.is_received ? `received:${filters.is_received}` : ""}
          onChange={(event) => {
            // One select for both filters: "Not received" (is_received) takes in expired wins, "Waiting" does not.
            const [kind, value = ""] = event.target.value.split(":");
            onChange({ is_received: kind === "received" ? value : "", status: kind === "status" ? value : "" });
          }}
        >
          <option value="">{common("all")}</option>
          <option value="received:true">{t("received")}</option>
          <option value="received:false">{t("notReceived")}</option>
          <option value="status:waiting">{t("deadline.waiting")}</option>
          <option value="status:expired">{t("deadline.expired")}</option>
        </select>
      </Labelled>
      {/* Two columns wide on phones and wide screens, so "Nickname or password" is never cut. */}
      <Labelled label={common("search")} id={`${id}-5`} className="col-span-2 md:col-span-1 xl:col-span-2">
        <input
          id={`${id}-5`}
          type="search"
          className={control}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          maxLength={100}
          placeholder={t("searchPlaceholder")}
        />
      </Labelled>
      <div className="col-span-full flex flex-wrap items-end justify-end gap-2">
        <PageSizeSelect value={pageSize} onChange={onPageSizeChange} />
        {readsCatalogue && (
          <a
            href={winnersExcelUrl(filters)}
            className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-emerald-700 px-3 text-sm font-medium text-white hover:bg-emerald-800"
          >
            <DownloadIcon className="size-4" /> {common("excel")}
          </a>
        )}
        <Button onClick={onReset}>{common("reset")}</Button>
      </div>
    </section>
  );
}
