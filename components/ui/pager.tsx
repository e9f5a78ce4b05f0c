"use client";

import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { ChevronLeftIcon, ChevronRightIcon, ChevronsLeftIcon, ChevronsRightIcon } from "./icons";
import { pageWindow } from "./page-window";

const cellClass =
  "min-h-11 min-w-11 items-center justify-center rounded-lg px-2 text-sm font-medium transition-colors disabled:cursor-not-allowed disabled:opacity-40";

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
      className={`${cellClass} inline-flex text-slate-600 hover:bg-slate-100`}
    >
      {children}
    </button>
  );
}

/**
 * First / previous / a window of page numbers (current ±2, with the first and last page and "…") / next /
 * last; on phones three page numbers around the current one. Renders nothing when everything fits on one page.
 */
export function Pager({
  page,
  pageCount,
  onPageChange,
  label,
  disabled = false,
}: {
  page: number;
  pageCount: number;
  onPageChange: (page: number) => void;
  label?: string;
  /** While the next page loads. */
  disabled?: boolean;
}) {
  const t = useTranslations("ui.pager");
  if (pageCount <= 1) return null;
  // Phones show three consecutive page numbers around the current one (no "…"), so the row never wraps.
  const phoneFirst = Math.min(Math.max(1, page - 1), Math.max(1, pageCount - 2));
  const phoneHidden = (item: number) => (item < phoneFirst || item > phoneFirst + 2 ? "hidden sm:inline-flex" : "inline-flex");
  const go = (target: number) => {
    if (!disabled && target !== page && target >= 1 && target <= pageCount) onPageChange(target);
  };
  return (
    <nav aria-label={label ?? t("pages")} className="flex items-center justify-center gap-1 sm:flex-wrap">
      <StepButton label={t("first")} disabled={disabled || page <= 1} onClick={() => go(1)}>
        <ChevronsLeftIcon className="size-4" />
      </StepButton>
      <StepButton label={t("previous")} disabled={disabled || page <= 1} onClick={() => go(page - 1)}>
        <ChevronLeftIcon className="size-4" />
      </StepButton>
      {pageWindow(page, pageCount).map((item) =>
        typeof item === "number" ? (
          <button
            key={item}
            type="button"
            onClick={() => go(item)}
            disabled={disabled && item !== page}
            aria-label={t("page", { page: item })}
            aria-current={item === page ? "page" : undefined}
            className={`${cellClass} ${phoneHidden(item)} ${item === page ? "bg-primary-600 text-white" : "text-slate-700 hover:bg-slate-100"}`}
          >
            {item}
          </button>
        ) : (
          <span key={item} aria-hidden="true" className="hidden min-w-6 justify-center text-slate-400 sm:inline-flex">
            …
          </span>
        ),
      )}
      <StepButton label={t("next")} disabled={disabled || page >= pageCount} onClick={() => go(page + 1)}>
        <ChevronRightIcon className="size-4" />
      </StepButton>
      <StepButton label={t("last")} disabled={disabled || page >= pageCount} onClick={() => go(pageCount)}>
        <ChevronsRightIcon className="size-4" />
      </StepButton>
    </nav>
  );
}
