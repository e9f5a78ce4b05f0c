"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { DateRangeFilter, FilterBar, FilterField, filterControl, SEARCH_DEBOUNCE_MS } from "@/components/admin/list/filter-bar";
import { useMay } from "@/components/admin/role-context";
import { type PickerOption, pickersApi } from "@/lib/client/pickers";
import { useDebouncedDraft } from "@/lib/client/use-debounced";
import { type WinnerFilters, winnersExcelUrl } from "@/lib/client/winners";
import { READ_ROLES } from "@/shared/roles";

const today = () => new Date().toLocaleDateString("en-CA");

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
    <select id={id} className={filterControl} value={value} onChange={(event) => onChange(event.target.value)}>
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
  const [search, setSearch, searchBox] = useDebouncedDraft(filters.search, (value) => onChange({ search: value }), SEARCH_DEBOUNCE_MS);

  return (
    <FilterBar
      gridClassName="md:grid-cols-3 xl:grid-cols-7"
      pageSize={pageSize}
      onPageSizeChange={onPageSizeChange}
      excelUrl={readsCatalogue ? winnersExcelUrl(filters) : undefined}
      onReset={onReset}
    >
      <DateRangeFilter start={filters.start_date} end={filters.end_date} startMax={today()} onChange={onChange} />
      {readsCatalogue && (
        <FilterField label={t("product")}>
          {(id) => (
            <PickerSelect
              id={id}
              value={filters.product}
              options={products.data}
              allLabel={t("allProducts")}
              unknownLabel={(product) => t("productNumber", { id: product })}
              onChange={(product) => onChange({ product })}
            />
          )}
        </FilterField>
      )}
      {readsCatalogue && (
        <FilterField label={t("prize")}>
          {(id) => (
            <PickerSelect
              id={id}
              value={filters.prize}
              options={prizes.data}
              allLabel={t("allPrizes")}
              unknownLabel={(prize) => t("prizeNumber", { id: prize })}
              onChange={(prize) => onChange({ prize })}
            />
          )}
        </FilterField>
      )}
      <FilterField label={t("receivedFilter")}>
        {(id) => (
          <select
            id={id}
            className={filterControl}
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
        )}
      </FilterField>
      {/* Two columns wide on phones and wide screens, so "Nickname or password" is never cut. */}
      <FilterField label={common("search")} className="col-span-2 md:col-span-1 xl:col-span-2">
        {(id) => (
          <input
            ref={searchBox}
            id={id}
            type="search"
            className={filterControl}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            maxLength={100}
            placeholder={t("searchPlaceholder")}
          />
        )}
      </FilterField>
    </FilterBar>
  );
}
