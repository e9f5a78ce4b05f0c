import { CATALOGUES } from "@/lib/i18n/translate";
import { IMPORT_COLUMNS, IMPORT_SHEETS, type ImportColumn, type ImportSheet } from "@/shared/contracts/import";
import { LOCALES } from "@/shared/i18n/locales";

/**
 * Names in a spreadsheet's header and sheet tabs, matched in either language whatever the admin reads: a
 * column is its field name (`total_quantity`) or its label in English or Korean ("Total quantity", "총수량"),
 * a sheet its id or its name in either language. Case, spaces and underscores do not count.
 */
const normalise = (name: string) =>
  name
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\s_*]+/g, "");

function namesOf(id: string, labels: (locale: (typeof LOCALES)[number]) => string): Map<string, string> {
  return new Map([id, ...LOCALES.map(labels)].map((name) => [normalise(name), id]));
}

const SHEET_NAMES = new Map(
  IMPORT_SHEETS.flatMap((sheet) => [...namesOf(sheet, (locale) => CATALOGUES[locale].admin.import.sheets[sheet])]),
);

const COLUMN_NAMES = Object.fromEntries(
  IMPORT_SHEETS.map((sheet) => [
    sheet,
    new Map(IMPORT_COLUMNS[sheet].flatMap((column) => [...namesOf(column, (locale) => CATALOGUES[locale].admin.import.columns[column])])),
  ]),
) as Record<ImportSheet, Map<string, ImportColumn>>;

/** The sheet a tab's name stands for, or null. */
export function sheetNamed(name: string): ImportSheet | null {
  return (SHEET_NAMES.get(normalise(name)) as ImportSheet | undefined) ?? null;
}

/** The column a header cell names on this sheet, or null. */
export function columnNamed(sheet: ImportSheet, header: string): ImportColumn | null {
  return COLUMN_NAMES[sheet].get(normalise(header)) ?? null;
}

/**
 * The sheet a single-sheet file (a CSV) holds, told by its header: a prize's numbers mean prizes, anything
 * else product pages.
 */
export function sheetOfHeader(header: readonly string[]): ImportSheet {
  return header.some((cell) => columnNamed("prizes", cell) === "total_quantity") ? "prizes" : "product_pages";
}
