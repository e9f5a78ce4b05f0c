"use client";

import { useTranslations } from "next-intl";
import { type ReactNode, useId } from "react";
import { Button } from "@/components/ui/button";
import { DownloadIcon } from "@/components/ui/icons";
import { PageSizeSelect } from "@/components/ui/page-size-select";

/** Spec §9: a typed filter (the winner search) waits for a pause in typing. */
export const SEARCH_DEBOUNCE_MS = 500;

/** The one look of a filter bar's text boxes, date fields and selects (44 px). */
export const filterControl = "min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-xs";

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
      <FilterField label={common("from")}>
        {(id) => (
          <input
            id={id}
            type="date"
            className={filterControl}
            value={start}
            max={end || startMax || undefined}
            onChange={(event) => onChange({ start_date: event.target.value })}
          />
        )}
      </FilterField>
      <FilterField label={common("to")}>
        {(id) => (
          <input
            id={id}
            type="date"
            className={filterControl}
            value={end}
            min={start || undefined}
            onChange={(event) => onChange({ end_date: event.target.value })}
          />
        )}
      </FilterField>
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
