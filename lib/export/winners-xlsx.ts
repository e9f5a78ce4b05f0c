import * as XLSX from "xlsx";
import type { WinnerExportRow } from "@/db/queries/winners";
import { translatorFor } from "@/lib/i18n/translate";
import type { Locale } from "@/shared/i18n/locales";

/** The columns, in order, by their keys under `excel.winners`. */
const WINNER_COLUMNS = ["nickname", "password", "prize", "product", "wonAt", "received", "receivedAt", "collectBy", "expiredAt"] as const;

/** A text cell: whatever a visitor typed (`=1+2`, `@SUM(...)`) is stored as a string, never as a formula. */
const text = (value: string): XLSX.CellObject => ({ t: "s", v: value });

/**
 * The winners as an .xlsx workbook (server-behaviour.md: nickname, password, prize, product, won at,
 * received, received at, then collect by and expired at (the collection deadline); times already in APP_TIMEZONE), headed and named in `locale`. Cells are written one by one as text so that
 * nothing typed by a visitor can become a formula, and a 4-digit password such as 0042 keeps its zeros.
 * The sheet is xlsx's dense form (`!data`, an array of rows), about a quarter less memory than the keyed form for
 * 100,000 winners.
 */
export async function winnersWorkbook(batches: AsyncIterable<WinnerExportRow[]>, locale: Locale): Promise<Buffer> {
  const t = translatorFor(locale);
  const [yes, no] = [t("excel.yes"), t("excel.no")];
  const rows: XLSX.CellObject[][] = [WINNER_COLUMNS.map((column) => text(t(`excel.winners.${column}`)))];
  for await (const batch of batches) {
    for (const winner of batch) {
      rows.push(
        [
          winner.name,
          winner.password,
          winner.prize_name,
          winner.product_name,
          winner.won_at,
          winner.is_received ? yes : no,
          winner.received_at ?? "",
          winner.collect_by ?? "",
          winner.expired_at ?? "",
        ].map((value) => text(value ?? "")),
      );
    }
  }
  // SheetJS's dense form (0.19 and later): the rows under `!data`.
  const sheet: XLSX.WorkSheet = {
    "!data": rows,
    "!ref": XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: rows.length - 1, c: WINNER_COLUMNS.length - 1 } }),
  };
  sheet["!cols"] = [{ wch: 14 }, { wch: 10 }, { wch: 24 }, { wch: 24 }, { wch: 20 }, { wch: 10 }, { wch: 20 }, { wch: 20 }, { wch: 20 }];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, t("excel.winners.sheet"));
  return XLSX.write(book, { type: "buffer", bookType: "xlsx", compression: true }) as Buffer;
}
