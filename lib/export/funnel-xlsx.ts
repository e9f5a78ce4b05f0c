import * as XLSX from "xlsx";
import { translatorFor } from "@/lib/i18n/translate";
import { FUNNEL_STEPS, type Funnel } from "@/shared/contracts/funnel";
import type { Locale } from "@/shared/i18n/locales";

function sheetOf(header: string[], rows: (string | number | null)[][]): XLSX.WorkSheet {
  const sheet = XLSX.utils.aoa_to_sheet([header, ...rows.map((row) => row.map((cell) => cell ?? ""))]);
  sheet["!cols"] = header.map((name, index) => ({ wch: index === 0 ? 28 : Math.max(12, name.length + 2) }));
  return sheet;
}

const percent = (value: number | null) => (value === null ? "" : Math.round(value * 10_000) / 100);

/**
 * The funnel as an .xlsx workbook: one sheet per hour, one per product page, and the totals, headed and
 * named in `locale`. Product names go in as text cells (aoa_to_sheet never makes formulas from strings).
 */
export function funnelWorkbook(funnel: Funnel, locale: Locale): Buffer {
  const t = translatorFor(locale);
  const steps = FUNNEL_STEPS.map((step) => t(`excel.funnel.steps.${step}`));
  const conversion = t("excel.funnel.conversion");
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(
    book,
    sheetOf(
      [t("excel.funnel.hour"), ...steps],
      funnel.by_hour.map((hour) => [hour.hour, ...FUNNEL_STEPS.map((step) => hour[step])]),
    ),
    t("excel.funnel.byHour"),
  );
  XLSX.utils.book_append_sheet(
    book,
    sheetOf(
      [t("excel.funnel.productPage"), ...steps, conversion],
      funnel.by_product.map((page) => [page.product_name, ...FUNNEL_STEPS.map((step) => page[step]), percent(page.conversion)]),
    ),
    t("excel.funnel.byProduct"),
  );
  XLSX.utils.book_append_sheet(
    book,
    sheetOf(
      [t("excel.funnel.total"), ...steps, conversion],
      [[t("excel.funnel.allPages"), ...FUNNEL_STEPS.map((step) => funnel.totals[step]), percent(funnel.totals.conversion)]],
    ),
    t("excel.funnel.totals"),
  );
  return XLSX.write(book, { type: "buffer", bookType: "xlsx", compression: true }) as Buffer;
}
