import * as XLSX from "xlsx";
import type { WinnerExportRow } from "@/db/queries/winners";

export const WINNER_COLUMNS = ["Nickname", "Password", "Prize", "Product", "Won at", "Received", "Received at"] as const;

/** A text cell: whatever a visitor typed (`=1+2`, `@SUM(...)`) is stored as a string, never as a formula. */
const text = (value: string): XLSX.CellObject => ({ t: "s", v: value });

/**
 * The winners as an .xlsx workbook (server-behaviour.md: nickname, password, prize, product, won at,
 * received, received at; times already in APP_TIMEZONE). Cells are written one by one as text so that
 * nothing typed by a visitor can become a formula, and a 4-digit password such as 0042 keeps its zeros.
 * The sheet is xlsx's dense form (an array of rows), about a quarter less memory than the keyed form for
 * 100,000 winners.
 */
export async function winnersWorkbook(batches: AsyncIterable<WinnerExportRow[]>): Promise<Buffer> {
  const rows: XLSX.CellObject[][] = [WINNER_COLUMNS.map(text)];
  for await (const batch of batches) {
    for (const winner of batch) {
      rows.push(
        [
          winner.name,
          winner.password,
          winner.prize_name,
          winner.product_name,
          winner.won_at,
          winner.is_received ? "Yes" : "No",
          winner.received_at ?? "",
        ].map(text),
      );
    }
  }
  const sheet = rows as unknown as XLSX.WorkSheet;
  sheet["!ref"] = XLSX.utils.encode_range({ s: { r: 0, c: 0 }, e: { r: rows.length - 1, c: WINNER_COLUMNS.length - 1 } });
  sheet["!cols"] = [{ wch: 14 }, { wch: 10 }, { wch: 24 }, { wch: 24 }, { wch: 20 }, { wch: 10 }, { wch: 20 }];
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, "Winners");
  return XLSX.write(book, { type: "buffer", bookType: "xlsx", compression: true }) as Buffer;
}

/** `winners-YYYYMMDD.xlsx`, dated today in APP_TIMEZONE. */
export function winnersFileName(now: Date, timeZone: string): string {
  return datedFileName("winners", now, timeZone);
}

/** `<prefix>-YYYYMMDD.xlsx`, dated today in APP_TIMEZONE. */
export function datedFileName(prefix: string, now: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(now);
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? "";
  return `${prefix}-${part("year")}${part("month")}${part("day")}.xlsx`;
}
