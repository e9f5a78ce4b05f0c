"use client";

import type { ReactNode } from "react";

/** One button of a row: a label (also its accessible name with the row's name), an icon, a tone. */
export type RowAction<Row> = {
  label: string;
  icon: ReactNode;
  tone?: "neutral" | "primary" | "danger";
  onClick: (row: Row) => void;
  /** The accessible name from the row's name; by default "<label> <name>" ("Edit Aurora"). */
  accessibleName?: (name: string) => string;
  /** Leave the action out for this row. */
  hidden?: (row: Row) => boolean;
};

/** From which width a button shows its label beside its icon (a row with many actions waits for more room). */
const labelClass = {
  lg: { label: "hidden lg:inline", padding: "lg:px-3" },
  "2xl": { label: "hidden 2xl:inline", padding: "2xl:px-3" },
};

const toneClass = {
  neutral: "text-slate-700 hover:bg-slate-100",
  primary: "text-primary-700 hover:bg-primary-50",
  danger: "text-red-700 hover:bg-red-50",
};

/**
 * A row's buttons, from data: 44 px targets, named "<label> <row name>" for screen readers. By default
 * icon-only below `lg` and icon and label from `lg`; `wordsOnPhones` shows the label at every width, the
 * buttons stacked below `md` (where an icon alone would leave a phone user guessing); `labelsFrom="2xl"` keeps
 * a row of many actions to icons (each with its tooltip) below 1536 px.
 */
export function RowActions<Row>({
  row,
  name,
  actions,
  wordsOnPhones = false,
  labelsFrom = "lg",
}: {
  row: Row;
  name: string;
  actions: RowAction<Row>[];
  wordsOnPhones?: boolean;
  labelsFrom?: keyof typeof labelClass;
}) {
  return (
    <div
      className={`flex gap-1 ${wordsOnPhones ? "flex-col items-stretch md:flex-row md:items-center md:justify-end" : "items-center justify-end"}`}
    >
      {actions
        .filter((action) => !action.hidden?.(row))
        .map((action) => (
          <button
            key={action.label}
            type="button"
            onClick={() => action.onClick(row)}
            aria-label={action.accessibleName?.(name) ?? `${action.label} ${name}`}
            title={action.label}
            className={`inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-lg px-2 text-sm font-medium whitespace-nowrap transition-colors ${labelClass[labelsFrom].padding} ${toneClass[action.tone ?? "neutral"]}`}
          >
            {action.icon}
            <span className={wordsOnPhones ? "" : labelClass[labelsFrom].label} aria-hidden="true">
              {action.label}
            </span>
          </button>
        ))}
    </div>
  );
}
