"use client";

import Link from "next/link";
import { useId } from "react";
import { ResultsSummary, SearchAndAddBar } from "@/components/admin/catalogue/screen-parts";
import { Button, buttonClass } from "@/components/ui/button";
import { DownloadIcon, PrinterIcon, TrashIcon } from "@/components/ui/icons";
import { PageSizeSelect } from "@/components/ui/page-size-select";

import type { ZipProgress } from "./use-qr-zip-download";

const PRODUCT = { one: "product", many: "products" };

// Looks disabled but still answers a click with the reason (a disabled button would say nothing).
const mutedClass = "opacity-60";

/** Search, add toggle, totals, rows per page, and the bulk actions above the products table. */
export function ProductsToolbar({
  search,
  resultsSearch,
  onSearch,
  addOpen,
  onToggleAdd,
  total,
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
  total: number | null;
  pageSize: number;
  onPageSizeChange: (size: number) => void;
  selectedCount: number;
  zipProgress: ZipProgress | null;
  onDownloadZip: () => void;
  onDeleteSelected: () => void;
  onDeleteAll: () => void;
}) {
  const zipping = zipProgress !== null;
  const none = total === 0;
  const noneHintId = useId();
  const selectHintId = useId();
  return (
    <div className="space-y-4">
      <SearchAndAddBar
        noun={PRODUCT}
        search={search}
        onSearch={onSearch}
        placeholder="Name, description or path"
        addOpen={addOpen}
        onToggleAdd={onToggleAdd}
      />

      <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
        {/* Two even columns on phones, one row from `sm`. */}
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap sm:items-center">
          <Button
            onClick={onDownloadZip}
            busy={zipping}
            size="sm"
            className={`min-h-11 sm:min-h-9 ${none ? mutedClass : ""}`}
            aria-describedby={none ? noneHintId : undefined}
          >
            {!zipping && <DownloadIcon className="size-4" />}
            {zipping ? `Preparing QR codes ${zipProgress.done} / ${zipProgress.total}…` : "Download all QR codes"}
          </Button>
          <Link href="/admin/products/print" className={buttonClass({ size: "sm", className: "min-h-11 sm:min-h-9" })}>
            <PrinterIcon className="size-4" />
            Print QR codes
          </Link>
          <Button
            onClick={onDeleteSelected}
            size="sm"
            className={`min-h-11 text-red-700 sm:min-h-9 ${selectedCount === 0 ? mutedClass : ""}`}
            aria-describedby={selectedCount === 0 ? selectHintId : undefined}
          >
            <TrashIcon className="size-4" />
            Delete selected ({selectedCount})
          </Button>
          <Button
            onClick={onDeleteAll}
            size="sm"
            className={`min-h-11 text-red-700 sm:min-h-9 ${none ? mutedClass : ""}`}
            aria-describedby={none ? noneHintId : undefined}
          >
            <TrashIcon className="size-4" />
            Delete all
          </Button>
        </div>
        <PageSizeSelect value={pageSize} onChange={onPageSizeChange} />
      </div>
      {/* Why the muted buttons do nothing yet; clicking them says the same in a banner. */}
      <p id={noneHintId} hidden={!none} className="text-sm text-slate-500">
        Add a product first: there is nothing to download or delete yet.
      </p>
      <p id={selectHintId} hidden className="sr-only">
        Select products with the check boxes first.
      </p>

      {zipping && (
        <progress
          className="h-2 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-indigo-600"
          aria-label="QR codes prepared"
          max={Math.max(zipProgress.total, 1)}
          value={zipProgress.done}
        />
      )}

      <ResultsSummary noun={PRODUCT} total={total} search={resultsSearch} />
    </div>
  );
}
