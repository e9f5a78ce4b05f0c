"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { useMay } from "@/components/admin/role-context";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { CloseIcon, PlusIcon, SearchIcon } from "@/components/ui/icons";
import { SearchBox } from "@/components/ui/search-box";
import { WRITE_ROLES } from "@/shared/roles";

import { type CatalogueKind, useCatalogueWords } from "./words";

/** The search box and the add form's toggle, side by side from `sm`. */
export function SearchAndAddBar({
  noun,
  search,
  onSearch,
  placeholder,
  addOpen,
  onToggleAdd,
}: {
  noun: CatalogueKind;
  search: string;
  onSearch: (term: string) => void;
  placeholder: string;
  addOpen: boolean;
  onToggleAdd: () => void;
}) {
  // A role that writes nothing (viewer) is not offered the add form.
  const mayWrite = useMay(WRITE_ROLES);
  const t = useCatalogueWords(noun);
  const shared = useTranslations("admin.shell.catalogue");
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <SearchBox value={search} onSearch={onSearch} label={t("searchLabel")} placeholder={placeholder} />
      {mayWrite && (
        <Button
          variant={addOpen ? "secondary" : "primary"}
          onClick={onToggleAdd}
          aria-expanded={addOpen}
          aria-controls={`add-${noun}-panel`}
        >
          {addOpen ? <CloseIcon className="size-4" /> : <PlusIcon className="size-4" />}
          {addOpen ? shared("closeAdd") : t("add")}
        </Button>
      )}
    </div>
  );
}

/** The add form's panel under the toolbar, a region named "Add <noun>". */
export function AddPanel({ noun, children }: { noun: CatalogueKind; children: ReactNode }) {
  const t = useCatalogueWords(noun);
  return (
    <section
      id={`add-${noun}-panel`}
      aria-labelledby={`add-${noun}-heading`}
      className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
    >
      <h2 id={`add-${noun}-heading`} className="mb-4 text-lg font-semibold text-slate-900">
        {t("add")}
      </h2>
      {children}
    </section>
  );
}

/** "Total 3 products", or "1 product matching “mug”" for the search the rows on screen belong to. */
export function ResultsSummary({ noun, total, search }: { noun: CatalogueKind; total: number | null; search: string }) {
  const t = useCatalogueWords(noun);
  const strong = (chunks: ReactNode) => <strong className="font-semibold text-slate-900">{chunks}</strong>;
  return (
    <p className="text-sm text-slate-600" aria-live="polite">
      {total === null
        ? t("loading")
        : search
          ? t.rich("matching", { total, search, strong, term: (chunks) => <span className="font-medium text-slate-900">{chunks}</span> })
          : t.rich("total", { total, strong })}
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
  noun: CatalogueKind;
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
  const t = useCatalogueWords(noun);
  const shared = useTranslations("admin.shell.catalogue");
  if (search) {
    return (
      <EmptyState
        icon={<SearchIcon />}
        title={shared("noResultsTitle")}
        description={t("noResults", { search })}
        action={<Button onClick={onClearSearch}>{shared("clearSearch")}</Button>}
      />
    );
  }
  return (
    <EmptyState
      icon={icon}
      title={t("emptyTitle")}
      description={description}
      action={
        mayWrite &&
        !addOpen && (
          <Button variant="primary" onClick={onAdd}>
            {t("add")}
          </Button>
        )
      }
    />
  );
}
