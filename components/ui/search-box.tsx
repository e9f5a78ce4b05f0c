"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import { useDraft } from "@/lib/client/use-draft";
import { Button } from "./button";
import { CloseIcon, SearchIcon } from "./icons";

/**
 * A search field that searches on Enter or its button (disabled while the field is empty and no search is
 * applied; emptying the field and pressing Enter clears the search), and a clear
 * button while a search is applied. `value` is the applied search; typing does not search by itself.
 */
export function SearchBox({
  value,
  onSearch,
  label,
  placeholder,
}: {
  value: string;
  onSearch: (term: string) => void;
  label?: string;
  placeholder?: string;
}) {
  const t = useTranslations("ui.search");
  const id = useId();
  const [draft, setDraft, box] = useDraft(value);
  const term = draft.trim();
  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        // An emptied box + Enter clears the applied search, as the clear button does.
        if (term || value) onSearch(term);
      }}
      className="flex w-full min-w-0 items-center gap-2 sm:max-w-md"
    >
      <label htmlFor={id} className="sr-only">
        {label ?? t("label")}
      </label>
      <div className="relative min-w-0 flex-1">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-400" />
        <input
          ref={box}
          id={id}
          type="search"
          value={draft}
          placeholder={placeholder}
          onChange={(event) => setDraft(event.target.value)}
          className="block min-h-11 w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-9 text-base text-slate-900 shadow-xs focus:border-primary-600 focus-visible:outline-offset-0 sm:text-sm [&::-webkit-search-cancel-button]:hidden"
        />
      </div>
      <Button type="submit" variant="primary" disabled={!term && !value}>
        {t("submit")}
      </Button>
      {value && (
        <Button
          variant="ghost"
          aria-label={t("clear")}
          title={t("clear")}
          className="px-2.5"
          onClick={() => {
            setDraft("");
            onSearch("");
          }}
        >
          <CloseIcon className="size-4" />
        </Button>
      )}
    </form>
  );
}
