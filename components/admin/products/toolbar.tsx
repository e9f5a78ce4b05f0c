"use client";

import { useTranslations } from "next-intl";
import { useId } from "react";
import { ResultsSummary, SearchAndAddBar } from "@/components/admin/catalogue/screen-parts";
import { useMay } from "@/components/admin/role-context";
import { Button, buttonClass } from "@/components/ui/button";
import { DownloadIcon, PrinterIcon, TrashIcon } from "@/components/ui/icons";
import { IntentLink } from "@/components/ui/intent-link";
import { PageSizeSelect } from "@/components/ui/page-size-select";
import { WRITE_ROLES } from "@/shared/roles";

import type { ZipProgress } from "./use-qr-zip-download";

// Two to a row on phones: a long label wraps inside its button instead of running out of it.
const bulkButtonClass = "min-h-11 whitespace-normal! text-center leading-tight sm:min-h-9";

/** Search, add toggle, totals, rows per page, and the bulk actions above the products table. */
export function ProductsToolbar({
  search,
  resultsSearch,
  onSearch,
  addOpen,
  onToggleAdd,
  total,
  catalogueTotal,
  pageSize,
  onPageSizeChange,
  selectedCount,
  zipProgress,
  onDownloadZip,
  onDeleteSelected,
  onDeleteAll,
}: {
  search: string;
  /** The search the total on screen belongs to (the previous one while a new search loads). */
  resultsSearch: string;
  onSearch: (term: string) => void;
  addOpen: boolean;
  onToggleAdd: () => void;
  /** Rows matching the search on screen. */
  total: number | null;
  /** Every product, whatever the search: what the bulk actions act on. */
  catalogueTotal: number | null;
  pageSize: number;
  onPageSizeChange: (size: number) => void;
  selectedCount: number;
  zipProgress: ZipProgress | null;
  onDownloadZip: () => void;
  onDeleteSelected: () => void;
  onDeleteAll: () => void;
}) {
  const t = useTranslations("admin.products.toolbar");
  const zipping = zipProgress !== null;
  // Disabled, not faded: a faded enabled button fails contrast (axe) and a disabled one says what it is.
  const none = catalogueTotal === 0;
  const noneHintId = useId();
  const mayWrite = useMay(WRITE_ROLES);
  return (
    <div className="space-y-4">
      <SearchAndAddBar
        noun="product"
        search={search}
        onSearch={onSearch}
        placeholder={t("searchPlaceholder")}
        addOpen={addOpen}
        onToggleAdd={onToggleAdd}
      />

      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        {/* Two even columns on phones, one row from `sm`. */}
        <div role="group" aria-label={t("bulkActions")} className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center">
          <Button
            onClick={onDownloadZip}
            busy={zipping}
            disabled={none}
            size="sm"
            className={bulkButtonClass}
            aria-describedby={none ? noneHintId : undefined}
          >
            {!zipping && <DownloadIcon className="size-4" />}
            {zipping ? t("preparing", { done: zipProgress.done, total: zipProgress.total }) : t("downloadAll")}
          </Button>
          <IntentLink href="/admin/products/print" className={buttonClass({ size: "sm", className: bulkButtonClass })}>
            <PrinterIcon className="size-4" />
            {t("print")}
          </IntentLink>
          {mayWrite && (
            <>
              <Button variant="danger-soft" onClick={onDeleteSelected} disabled={selectedCount === 0} size="sm" className={bulkButtonClass}>
                <TrashIcon className="size-4" />
                {t("deleteSelected", { count: selectedCount })}
              </Button>
              <Button
                variant="danger-soft"
                onClick={onDeleteAll}
                disabled={none}
                size="sm"
                className={bulkButtonClass}
                aria-describedby={none ? noneHintId : undefined}
              >
                <TrashIcon className="size-4" />
                {t("deleteAll")}
              </Button>
            </>
          )}
        </div>
        <PageSizeSelect value={pageSize} onChange={onPageSizeChange} />
      </div>
      {/* Why the download and delete-all buttons are disabled. */}
      <p id={noneHintId} hidden={!none} className="text-sm text-slate-600">
        {t("none")}
      </p>

      {zipping && (
        <progress
          className="h-2 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-primary-600"
          aria-label={t("prepared")}
          max={Math.max(zipProgress.total, 1)}
          value={zipProgress.done}
        />
      )}

      <ResultsSummary noun="product" total={total} search={resultsSearch} />
    </div>
  );
}
