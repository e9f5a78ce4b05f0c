"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useId, useState } from "react";
import { inputClass } from "@/components/ui/field";
import { PICKER_PAGE_SIZE, type PickerOption } from "@/lib/client/pickers";

const SEARCH_PAUSE_MS = 300;

/**
 * A required choice among many (prizes, product pages): a select of the first 100 (spec §9) and a search box
 * that asks the server, so page 700 of 1,000 can be found by typing part of its name.
 */
export function SearchPicker({
  label,
  kind,
  load,
  value,
  onChange,
  allLabel,
  error,
}: {
  /** "Prize", "Product page". */
  label: string;
  /** The query-cache name ("prizes"). */
  kind: string;
  load: (search: string, signal: AbortSignal) => Promise<PickerOption[]>;
  value: number | null;
  onChange: (option: PickerOption | null) => void;
  /** An option meaning "any" (random placement over all prizes); without it the first option asks to choose. */
  allLabel?: string;
  error?: string | null;
}) {
  const id = useId();
  const [typed, setTyped] = useState("");
  const [search, setSearch] = useState("");
  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(typed.trim()), SEARCH_PAUSE_MS);
    return () => window.clearTimeout(timer);
  }, [typed]);
  const options = useQuery({ queryKey: ["pickers", kind, search], queryFn: ({ signal }) => load(search, signal) });
  const [chosen, setChosen] = useState<PickerOption | null>(null);
  const list = options.data ?? [];
  // The chosen one stays listed when a later search no longer finds it.
  const shown = chosen && value === chosen.id && !list.some((option) => option.id === chosen.id) ? [chosen, ...list] : list;
  const lower = label.toLowerCase();
  const status = options.isFetching
    ? "Searching…"
    : list.length === 0
      ? search
        ? `No ${lower} matches “${search}”.`
        : `No ${lower} yet.`
      : list.length >= PICKER_PAGE_SIZE
        ? `Showing the first ${PICKER_PAGE_SIZE}: type to find others.`
        : `${list.length} found.`;

  return (
    <fieldset className="space-y-1.5">
      <legend className="mb-1.5 text-sm font-medium text-slate-700">{label}</legend>
      <input
        type="search"
        aria-label={`Search ${lower}`}
        placeholder={`Search ${lower}`}
        className={inputClass}
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
      />
      <select
        id={id}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-status${error ? ` ${id}-error` : ""}`}
        className={inputClass}
        value={value ?? ""}
        onChange={(event) => {
          const option = shown.find((candidate) => String(candidate.id) === event.target.value) ?? null;
          setChosen(option);
          onChange(option);
        }}
      >
        <option value="">{allLabel ?? `Choose a ${lower}`}</option>
        {shown.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
      <p id={`${id}-status`} className="text-xs text-slate-500" aria-live="polite">
        {status}
      </p>
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}
