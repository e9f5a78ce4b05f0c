"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";

/** Spec §9: page sizes 5, 10, 20, 50; default 10. */
export const PAGE_SIZES = [5, 10, 20, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;

export function PageSizeSelect({
  value,
  onChange,
  options = PAGE_SIZES,
  label,
}: {
  value: number;
  onChange: (size: number) => void;
  options?: readonly number[];
  label?: string;
}) {
  const t = useTranslations("ui");
  const id = useId();
  return (
    <div className="flex items-center gap-2 text-sm text-slate-700">
      <label htmlFor={id} className="whitespace-nowrap">
        {label ?? t("rowsPerPage")}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(Number(event.target.value))}
        className="min-h-10 rounded-lg border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900 shadow-xs"
      >
        {options.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
    </div>
  );
}
