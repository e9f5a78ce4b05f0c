"use client";

import type { ReactNode } from "react";
import { useMay } from "@/components/admin/role-context";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { CloseIcon, PlusIcon, SearchIcon } from "@/components/ui/icons";
import { SearchBox } from "@/components/ui/search-box";
import { WRITE_ROLES } from "@/lib/auth/roles";

/** A catalogue entity's words: "product" / "products". */
export type CatalogueNoun = { one: string; many: string };

const plural = (noun: CatalogueNoun, count: number) => (count === 1 ? noun.one : noun.many);

/** The search box and the add form's toggle, side by side from `sm`. */
export function SearchAndAddBar({
  noun,
  search,
  onSearch,
  placeholder,
  addOpen,
  onToggleAdd,
}: {
  noun: CatalogueNoun;
  search: string;
  onSearch: (term: string) => void;
  placeholder: string;
  addOpen: boolean;
  onToggleAdd: () => void;
}) {
  // A role that writes nothing (viewer) is not offered the add form.
  const mayWrite = useMay(WRITE_ROLES);
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <SearchBox value={search} onSearch={onSearch} label={`Search ${noun.many}`} placeholder={placeholder} />
      {mayWrite && (
        <Button
          variant={addOpen ? "secondary" : "primary"}
          onClick={onToggleAdd}
          aria-expanded={addOpen}
          aria-controls={`add-${noun.one}-panel`}
        >
          {addOpen ? <CloseIcon className="size-4" /> : <PlusIcon className="size-4" />}
          {addOpen ? "Close add form" : `Add ${noun.one}`}
        </Button>
      )}
    </div>
  );
}

/** The add form's panel under the toolbar, a region named "Add <noun>". */
export function AddPanel({ noun, children }: { noun: CatalogueNoun; children: ReactNode }) {
  return (
    <section
      id={`add-${noun.one}-panel`}
      aria-labelledby={`add-${noun.one}-heading`}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={`add-${noun.one}-heading`} className="mb-4 text-lg font-semibold text-slate-900">
        Add {noun.one}
      </h2>
      {children}
    </section>
  );
}

/** "Total 3 products", or "1 product matching “mug”" for the search the rows on screen belong to. */
export function ResultsSummary({ noun, total, search }: { noun: CatalogueNoun; total: number | null; search: string }) {
  return (
    <p className="text-sm text-slate-600" aria-live="polite">
      {total === null ? (
        `Loading ${noun.many}…`
      ) : search ? (
        <>
          <strong className="font-semibold text-slate-900">{total}</strong> {plural(noun, total)} matching “
          <span className="font-medium text-slate-900">{search}</span>”
        </>
      ) : (
        <>
          Total <strong className="font-semibold text-slate-900">{total}</strong> {plural(noun, total)}
        </>
      )}
    </p>
  );
}

/** The table's empty state: no match for the search (with a way to clear it), or nothing added yet. */
export function CatalogueEmptyState({
  noun,
  search,
  onClearSearch,
  icon,
  description,
  addOpen,
  onAdd,
}: {
  noun: CatalogueNoun;
  /** The search the empty page answers. */
  search: string;
  onClearSearch: () => void;
  icon: ReactNode;
  /** What to add and why, when there is nothing yet. */
  description: string;
  addOpen: boolean;
  onAdd: () => void;
}) {
  const mayWrite = useMay(WRITE_ROLES);
  if (search) {
    return (
      <EmptyState
        icon={<SearchIcon />}
        title="No search results"
        description={`No ${noun.one} matches “${search}”. Try another word, or clear the search.`}
        action={<Button onClick={onClearSearch}>Clear search</Button>}
      />
    );
  }
  return (
    <EmptyState
      icon={icon}
      title={`No ${noun.many} yet`}
      description={description}
      action={
        mayWrite &&
        !addOpen && (
          <Button variant="primary" onClick={onAdd}>
            Add {noun.one}
          </Button>
        )
      }
    />
  );
}
