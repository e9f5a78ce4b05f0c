"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import type { ListFilterBarProps } from "@/components/admin/list/filter-bar";
import { DateRangeFilter, FilterBar, FilterField, filterControl, SearchFilter } from "@/components/admin/list/filter-bar";
import { useMay } from "@/components/admin/role-context";
import { pickersApi } from "@/lib/client/pickers";
import { type WinnerFilters, winnersExcelUrl } from "@/lib/client/winners";
import { READ_ROLES } from "@/shared/roles";

const today = () => new Date().toLocaleDateString("en-CA");

/** What each catalogue picker loads and says. */
const PICKERS = {
  product: { load: pickersApi.products, label: "product", all: "allProducts", unknown: "productNumber" },
  prize: { load: pickersApi.prizes, label: "prize", all: "allPrizes", unknown: "prizeNumber" },
} as const;

/** A product or prize dropdown of the first 100 (spec §9), with "all" first. */
function PickerFilter({ kind, value, onChange }: { kind: keyof typeof PICKERS; value: string; onChange: (value: string) => void }) {
  const t = useTranslations("admin.winners");
  const picker = PICKERS[kind];
  const options = useQuery({ queryKey: ["pickers", `${kind}s`], queryFn: ({ signal }) => picker.load("", signal) }).data;
  return (
    <FilterField label={t(picker.label)}>
      {(id) => (
        <select id={id} className={filterControl} value={value} onChange={(event) => onChange(event.target.value)}>
          <option value="">{t(picker.all)}</option>
          {/* One opened from a link but beyond the first 100 still shows as chosen ("Product #12"). */}
          {value && !options?.some((option) => String(option.id) === value) && (
            <option value={value}>{t(picker.unknown, { id: value })}</option>
          )}
          {options?.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </select>
      )}
    </FilterField>
  );
}

/**
 * The winners filter bar (spec §2): dates with the spec's limits (start at most the end or today, end at
 * least the start), product and prize, received, a debounced search, page size, Excel and reset.
 */
export function WinnerFilterBar({ filters, onChange, onReset, pageSize, onPageSizeChange }: ListFilterBarProps<WinnerFilters>) {
  const t = useTranslations("admin.winners");
  const common = useTranslations("common");
  // The desk finds winners by name or password: the page and prize lists (and the export) are not theirs.
  const readsCatalogue = useMay(READ_ROLES);

  return (
    <FilterBar
      gridClassName="md:grid-cols-3 xl:grid-cols-7"
      pageSize={pageSize}
      onPageSizeChange={onPageSizeChange}
      excelUrl={readsCatalogue ? winnersExcelUrl(filters) : undefined}
      onReset={onReset}
    >
      <DateRangeFilter start={filters.start_date} end={filters.end_date} startMax={today()} onChange={onChange} />
      {readsCatalogue && <PickerFilter kind="product" value={filters.product} onChange={(product) => onChange({ product })} />}
      {readsCatalogue && <PickerFilter kind="prize" value={filters.prize} onChange={(prize) => onChange({ prize })} />}
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
      <SearchFilter filters={filters} onChange={onChange} maxLength={100} placeholder={t("searchPlaceholder")} />
    </FilterBar>
  );
}
