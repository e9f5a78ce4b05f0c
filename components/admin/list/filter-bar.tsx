"use client";

import { useTranslations } from "next-intl";
import { type InputHTMLAttributes, type ReactNode, useId } from "react";
import { Button } from "@/components/ui/button";
import { DownloadIcon } from "@/components/ui/icons";
import { PageSizeSelect } from "@/components/ui/page-size-select";
import { useDebouncedDraft } from "@/lib/client/use-debounced";
import type { AdminList } from "./use-admin-list";

/** Spec §9: a typed filter (the winner search) waits for a pause in typing. */
const SEARCH_DEBOUNCE_MS = 500;

/** The one look of a filter bar's text boxes, date fields and selects (44 px). */
export const filterControl = "min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-xs";

/** What a list screen hands its filter bar: the filters and page size in the URL, and how to change them. */
export type ListFilterBarProps<F> = {
  filters: F;
  onChange: (changes: Partial<F>) => void;
  onReset: () => void;
  pageSize: number;
  onPageSizeChange: (size: number) => void;
};

/** The filter bar's props from the screen's list, so every screen wires its bar one way. */
export function listFilterBarProps<Row, F extends Record<string, string>>(
  list: AdminList<Row, F>,
  onReset: () => void,
): ListFilterBarProps<F> {
  return {
    filters: list.params.filters,
    onChange: list.setFilters,
    onReset,
    pageSize: list.params.pageSize,
    onPageSizeChange: list.setPageSize,
  };
}

/**
 * One filter of a `FilterBar`: a label above its control, tied by id (a label wrapping a select would also
 * read out its option). `children` gets the id to put on the control.
 */
export function FilterField({ label, className, children }: { label: string; className?: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

/** A typed filter (a search, an account): the box changes the list once typing pauses. */
export function TypedFilter({
  label,
  value,
  onChange,
  className,
  ...box
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
} & Pick<InputHTMLAttributes<HTMLInputElement>, "type" | "maxLength" | "placeholder">) {
  const [draft, setDraft, boxRef] = useDebouncedDraft(value, onChange, SEARCH_DEBOUNCE_MS);
  return (
    <FilterField label={label} className={className}>
      {(id) => (
        <input {...box} ref={boxRef} id={id} className={filterControl} value={draft} onChange={(event) => setDraft(event.target.value)} />
      )}
    </FilterField>
  );
}

/** The bar's search (`filters.search`), two columns wide on phones and wide screens so a long placeholder is never cut. */
export function SearchFilter({
  filters,
  onChange,
  maxLength,
  placeholder,
}: {
  filters: { search: string };
  onChange: (changes: { search: string }) => void;
  maxLength: number;
  placeholder: string;
}) {
  const common = useTranslations("common");
  return (
    <TypedFilter
      label={common("search")}
      type="search"
      value={filters.search}
      onChange={(search) => onChange({ search })}
      maxLength={maxLength}
      placeholder={placeholder}
      className="col-span-2 md:col-span-1 xl:col-span-2"
    />
  );
}

/** One end of a date range: a native date field, kept on its side of the other end by `min` or `max`. */
function DateFilter({
  label,
  value,
  min,
  max,
  onChange,
}: {
  label: string;
  value: string;
  min?: string;
  max?: string;
  onChange: (value: string) => void;
}) {
  return (
    <FilterField label={label}>
      {(id) => (
        <input
          id={id}
          type="date"
          className={filterControl}
          value={value}
          min={min}
          max={max}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </FilterField>
  );
}

/** From and To dates; `startMax` caps the start when no end is chosen (the winners screen: today). */
export function DateRangeFilter({
  start,
  end,
  startMax,
  onChange,
}: {
  start: string;
  end: string;
  startMax?: string;
  onChange: (changes: { start_date?: string; end_date?: string }) => void;
}) {
  const common = useTranslations("common");
  return (
    <>
      <DateFilter
        label={common("from")}
        value={start}
        max={end || startMax || undefined}
        onChange={(start_date) => onChange({ start_date })}
      />
      <DateFilter label={common("to")} value={end} min={start || undefined} onChange={(end_date) => onChange({ end_date })} />
    </>
  );
}

/**
 * A list screen's filter bar (winners, audit): a card named "Filters" holding `FilterField`s in a grid
 * (`gridClassName` sets the columns per width), then a last row with `note` on the left and, on the right,
 * the page size, the Excel link for the filtered rows (`excelUrl`, left out when absent) and Reset.
 */
export function FilterBar({
  gridClassName,
  children,
  note,
  pageSize,
  onPageSizeChange,
  excelUrl,
  onReset,
}: {
  gridClassName: string;
  children: ReactNode;
  note?: ReactNode;
  pageSize: number;
  onPageSizeChange: (size: number) => void;
  excelUrl?: string;
  onReset: () => void;
}) {
  const common = useTranslations("common");
  return (
    <section
      aria-label={common("filters")}
      className={`grid grid-cols-2 gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm ${gridClassName}`}
    >
      {children}
      <div className={`col-span-full flex flex-wrap items-end gap-2 ${note === undefined ? "justify-end" : "justify-between"}`}>
        {note}
        <div className="flex flex-wrap items-end gap-2">
          <PageSizeSelect value={pageSize} onChange={onPageSizeChange} />
          {excelUrl && (
            <a
              href={excelUrl}
              className="inline-flex min-h-11 items-center gap-2 rounded-lg bg-emerald-700 px-3 text-sm font-medium text-white hover:bg-emerald-800"
            >
              <DownloadIcon className="size-4" /> {common("excel")}
            </a>
          )}
          <Button onClick={onReset}>{common("reset")}</Button>
        </div>
      </div>
    </section>
  );
}
