"use client";

import type { ReactNode } from "react";
import { ChevronLeftIcon, ChevronRightIcon, ChevronsLeftIcon, ChevronsRightIcon } from "./icons";
import { pageWindow } from "./page-window";

const cellClass =
  "inline-flex min-h-10 min-w-10 items-center justify-center rounded-lg px-2 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-40";

function StepButton({
  label,
  disabled,
  onClick,
  children,
}: {
  label: string;
  disabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
      className={`${cellClass} text-slate-600 hover:bg-slate-100`}
    >
      {children}
    </button>
  );
}

/**
 * First / previous / a window of page numbers (current ±2, with the first and last page and "…") / next /
 * last. Renders nothing when everything fits on one page.
 */
export function Pager({
  page,
  pageCount,
  onPageChange,
  label = "Pages",
  disabled = false,
}: {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  label?: string;
  /** While the next page loads. */
  disabled?: boolean;
}) {
  if (pageCount <= 1) return null;
  const go = (target: number) => {
    if (!disabled && target !== page && target >= 1 && target <= pageCount) onPageChange(target);
  };
  return (
    <nav aria-label={label} className="flex flex-wrap items-center justify-center gap-1">
      <StepButton label="First page" disabled={disabled || page <= 1} onClick={() => go(1)}>
        <ChevronsLeftIcon className="size-4" />
      </StepButton>
      <StepButton label="Previous page" disabled={disabled || page <= 1} onClick={() => go(page - 1)}>
        <ChevronLeftIcon className="size-4" />
      </StepButton>
      {pageWindow(page, pageCount).map((item) =>
        typeof item === "number" ? (
          <button
            key={item}
            type="button"
            onClick={() => go(item)}
            disabled={disabled && item !== page}
            aria-label={`Page ${item}`}
            aria-current={item === page ? "page" : undefined}
            className={`${cellClass} ${item === page ? "bg-indigo-600 text-white" : "text-slate-700 hover:bg-slate-100"}`}
          >
            {item}
          </button>
        ) : (
          <span key={item} aria-hidden="true" className="inline-flex min-w-6 justify-center text-slate-400">
            …
          </span>
        ),
      )}
      <StepButton label="Next page" disabled={disabled || page >= pageCount} onClick={() => go(page + 1)}>
        <ChevronRightIcon className="size-4" />
      </StepButton>
      <StepButton label="Last page" disabled={disabled || page >= pageCount} onClick={() => go(pageCount)}>
        <ChevronsRightIcon className="size-4" />
      </StepButton>
    </nav>
  );
}
