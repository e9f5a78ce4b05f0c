/**
 * The spreadsheet import (server-behaviour.md, "Setting up from a spreadsheet"): its sheets, their columns
 * and the answer of `POST /api/admin/import/`, shared by the service, the route and the admin screen.
 */

export const IMPORT_SHEETS = ["product_pages", "prizes"] as const;
export type ImportSheet = (typeof IMPORT_SHEETS)[number];

/** Each sheet's columns in the template's order; a header names them by these or by their labels. */
export const IMPORT_COLUMNS = {
  product_pages: ["key", "name", "name_en", "name_ko", "description", "description_en", "description_ko", "image"],
  prizes: [
    "key",
    "name",
    "name_en",
    "name_ko",
    "description",
    "description_en",
    "description_ko",
    "total_quantity",
    "daily_distribution",
    "maintenance_count",
    "hourly_limit",
    "is_active",
    "image",
  ],
} as const satisfies Record<ImportSheet, readonly string[]>;
export type ImportColumn = (typeof IMPORT_COLUMNS)[ImportSheet][number];

/** Columns a sheet's header must have; any other may be left out (an update then keeps that field). */
export const REQUIRED_IMPORT_COLUMNS = {
  product_pages: ["key", "name"],
  prizes: ["key", "name", "total_quantity", "daily_distribution", "maintenance_count"],
} as const satisfies Record<ImportSheet, readonly ImportColumn[]>;

export const MAX_IMPORT_ROWS = 2000;
export const MAX_IMPORT_KEY_LENGTH = 100;

export type ImportCounts = { created: number; updated: number; unchanged: number };

/** One problem, placed where the organiser finds it: sheet, spreadsheet row (the header is row 1) and column. */
export type ImportError = { sheet: ImportSheet | null; row: number | null; field: string | null; message: string };

export type ImportRowStatus = "new" | "changed" | "unchanged" | "error";

/** One row of the file as the preview shows it: its cells as read, what it would do, which cells change. */
export type ImportPreviewRow = {
  sheet: ImportSheet;
  row: number;
  key: string;
  status: ImportRowStatus;
  cells: Partial<Record<ImportColumn, string>>;
  changed: ImportColumn[];
};

export type ImportAnswer = {
  dry_run: boolean;
  product_pages: ImportCounts;
  prizes: ImportCounts;
  errors: ImportError[];
  rows: ImportPreviewRow[];
  /** The product pages the file names that exist (after an import: all of them), for their QR cards. */
  product_ids: number[];
};
