import * as XLSX from "xlsx";
import { translatorFor } from "@/lib/i18n/translate";
import { IMPORT_COLUMNS, IMPORT_SHEETS, type ImportColumn, type ImportSheet } from "@/shared/contracts/import";
import type { Locale } from "@/shared/i18n/locales";

/** One example row per sheet, by column; the picture names a file the organiser's zip would hold. */
function exampleRow(sheet: ImportSheet, t: ReturnType<typeof translatorFor>): Partial<Record<ImportColumn, string | number | boolean>> {
  const en = translatorFor("en");
  const ko = translatorFor("ko");
  if (sheet === "product_pages") {
    return {
      key: "stand-001",
      name: t("admin.import.example.productName"),
      name_en: en("admin.import.example.productName"),
      name_ko: ko("admin.import.example.productName"),
      description: t("admin.import.example.productDescription"),
      image: "stand-001.jpg",
    };
  }
  return {
    key: "coffee-voucher",
    name: t("admin.import.example.prizeName"),
    name_en: en("admin.import.example.prizeName"),
    name_ko: ko("admin.import.example.prizeName"),
    description: t("admin.import.example.prizeDescription"),
    total_quantity: 100,
    daily_distribution: 20,
    maintenance_count: 5,
    is_active: true,
    image: "coffee-voucher.png",
  };
}

/**
 * The import's template (server-behaviour.md, "Setting up from a spreadsheet"): a sheet of product pages and
 * one of prizes, tabs and headers in `locale` (an import reads either language), one example row each.
 */
export function importTemplate(locale: Locale): Buffer {
  const t = translatorFor(locale);
  const book = XLSX.utils.book_new();
  for (const sheet of IMPORT_SHEETS) {
    const columns = IMPORT_COLUMNS[sheet];
    const example = exampleRow(sheet, t);
    const rows = [columns.map((column) => t(`admin.import.columns.${column}`)), columns.map((column) => example[column] ?? "")];
    const worksheet = XLSX.utils.aoa_to_sheet(rows);
    worksheet["!cols"] = columns.map((column) => ({ wch: column.startsWith("description") ? 32 : 18 }));
    XLSX.utils.book_append_sheet(book, worksheet, t(`admin.import.sheets.${sheet}`));
  }
  return XLSX.write(book, { type: "buffer", bookType: "xlsx", compression: true }) as Buffer;
}
