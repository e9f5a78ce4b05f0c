"use client";

import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { type KeyboardEvent, useId, useState } from "react";
import { inputClass } from "@/components/ui/field";
import { PICKER_PAGE_SIZE, type PickerOption } from "@/lib/client/pickers";
import { useDebouncedValue } from "@/lib/client/use-debounced";

const SEARCH_PAUSE_MS = 300;

/**
 * A required choice among many (prizes, product pages): one search select. The field shows the choice;
 * typing in it asks the server (so page 700 of 1,000 is found by part of its name) and lists the matches
 * under it, the first 100 (spec §9) when nothing is typed. The ARIA 1.2 combobox pattern: arrows move
 * through the list, Enter or a click chooses, Escape closes it and puts the choice back in the field.
 */
export function SearchPicker({
  label,
  kind,
  load,
  value,
  onChange,
  allLabel,
  noteOf,
}: {
  /** "Prize", "Product page". */
  label: string;
  /** The query-cache name ("prizes"). */
  kind: string;
  load: (search: string, signal: AbortSignal) => Promise<PickerOption[]>;
  /** The chosen option; null is "none yet", or `allLabel`'s "any". */
  value: PickerOption | null;
  onChange: (option: PickerOption | null) => void;
  /** An option meaning "any" (random placement over all prizes), listed first. */
  allLabel?: string;
  /** A second line under an option (a product page that already holds a prize), read as part of its name. */
  noteOf?: (option: PickerOption) => string | null;
}) {
  const t = useTranslations("admin.shell.picker");
  const id = useId();
  const listId = `${id}-list`;
  const [open, setOpen] = useState(false);
  // What is typed while the list is open; closed, the field shows the choice.
  const [typed, setTyped] = useState("");
  // Asked once typing pauses; an empty field asks for the first 100 at once.
  const settled = useDebouncedValue(typed.trim(), SEARCH_PAUSE_MS);
  const search = typed.trim() ? settled : "";
  const [active, setActive] = useState(0);
  const options = useQuery({
    queryKey: ["pickers", kind, search],
    queryFn: ({ signal }) => load(search, signal),
    enabled: open,
  });
  const found = options.data ?? [];
  // "Any" is an option like the others (null), offered while nothing is typed.
  const choices: (PickerOption | null)[] = allLabel && !typed.trim() ? [null, ...found] : found;
  const lower = label.toLowerCase();
  const note = options.isFetching
    ? t("searching")
    : found.length === 0
      ? search
        ? t("noMatch", { noun: lower, search })
        : t("none", { noun: lower })
      : found.length >= PICKER_PAGE_SIZE
        ? t("firstOnly", { count: PICKER_PAGE_SIZE })
        : null;

  function openList() {
    setTyped("");
    setActive(0);
    setOpen(true);
  }

  function choose(option: PickerOption | null) {
    onChange(option);
    setOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open) return openList();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => Math.min(Math.max(current + step, 0), Math.max(choices.length - 1, 0)));
    } else if (event.key === "Enter" && open) {
      // Chooses, rather than sending the form the field is in.
      event.preventDefault();
      if (choices.length > 0) choose(choices[Math.min(active, choices.length - 1)] ?? null);
    } else if (event.key === "Escape" && open) {
      // Closes the list only, not the dialog or sheet around it.
      event.stopPropagation();
      setOpen(false);
    }
  }

  const optionId = (index: number) => `${id}-option-${index}`;
  const shownText = open ? typed : value ? value.name : (allLabel ?? "");

  return (
    <div className="relative space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <input
        id={id}
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && choices.length > 0 ? optionId(Math.min(active, choices.length - 1)) : undefined}
        autoComplete="off"
        placeholder={t("placeholder", { noun: lower })}
        className={`${inputClass} pr-9`}
        value={shownText}
        onFocus={openList}
        onClick={() => !open && openList()}
        onBlur={() => setOpen(false)}
        onChange={(event) => {
          setTyped(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
      />
      <span aria-hidden="true" className="pointer-events-none absolute right-3 bottom-3 text-slate-400">
        ▾
      </span>
      <div
        hidden={!open}
        className="absolute inset-x-0 top-full z-20 mt-1 max-h-72 overflow-y-auto rounded-lg border border-slate-200 bg-white py-1 text-sm shadow-lg"
      >
        <div id={listId} role="listbox" aria-label={label}>
          {choices.map((option, index) => {
            const chosen = option === null ? value === null : value?.id === option.id;
            return (
              <div
                key={option?.id ?? "all"}
                id={optionId(index)}
                role="option"
                // The focus stays in the field (aria-activedescendant points here); -1 only says it is an item.
                tabIndex={-1}
                aria-selected={chosen}
                // mousedown, not click: the field keeps the focus (its blur would close the list first).
                onMouseDown={(event) => {
                  event.preventDefault();
                  choose(option);
                }}
                onMouseEnter={() => setActive(index)}
                className={`cursor-pointer px-3 py-2.5 [overflow-wrap:anywhere] ${index === active ? "bg-primary-50 text-primary-900" : "text-slate-800"} ${chosen ? "font-semibold" : ""}`}
              >
                {option?.name ?? allLabel}
                {option && noteOf?.(option) && <span className="block text-xs font-normal text-amber-800">{noteOf(option)}</span>}
              </div>
            );
          })}
        </div>
        <p aria-live="polite" className={note ? "px-3 py-2 text-xs text-slate-600" : "sr-only"}>
          {note}
        </p>
      </div>
    </div>
  );
}
