import * as XLSX from "xlsx";
import { FUNNEL_STEP_LABELS, FUNNEL_STEPS, type Funnel } from "@/lib/contracts/funnel";

const STEP_HEADERS = FUNNEL_STEPS.map((step) => FUNNEL_STEP_LABELS[step]);

function sheetOf(header: string[], rows: (string | number | null)[][]): XLSX.WorkSheet {
  const sheet = XLSX.utils.aoa_to_sheet([header, ...rows.map((row) => row.map((cell) => cell ?? ""))]);
  sheet["!cols"] = header.map((name, index) => ({ wch: index === 0 ? 28 : Math.max(12, name.length + 2) }));
  return sheet;
}

const percent = (value: number | null) => (value === null ? "" : Math.round(value * 10_000) / 100);

/**
 * The funnel as an .xlsx workbook: one sheet per hour, one per product page, and the totals. Product names
 * go in as text cells (aoa_to_sheet never makes formulas from strings).
 */
export function funnelWorkbook(funnel: Funnel): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    book,
    sheetOf(
      ["Hour", ...STEP_HEADERS],
      funnel.by_hour.map((hour) => [hour.hour, ...FUNNEL_STEPS.map((step) => hour[step])]),
    ),
    "By hour",
  );
  XLSX.utils.book_append_sheet(
    book,
    sheetOf(
      ["Product page", ...STEP_HEADERS, "Conversion %"],
      funnel.by_product.map((page) => [page.product_name, ...FUNNEL_STEPS.map((step) => page[step]), percent(page.conversion)]),
    ),
    "By product page",
  );
  XLSX.utils.book_append_sheet(
    book,
    sheetOf(
      ["Total", ...STEP_HEADERS, "Conversion %"],
      [["All pages", ...FUNNEL_STEPS.map((step) => funnel.totals[step]), percent(funnel.totals.conversion)]],
    ),
    "Totals",
  );
  return XLSX.write(book, { type: "buffer", bookType: "xlsx", compression: true }) as Buffer;
}

/** `funnel-YYYYMMDD.xlsx`, dated today in APP_TIMEZONE. */
export function funnelFileName(now: Date, timeZone: string): string {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(now);
  return `funnel-${day.replaceAll("-", "")}.xlsx`;
}
