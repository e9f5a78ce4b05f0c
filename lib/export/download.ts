import { eventTimeZone } from "@/lib/event/time-zone";
import { translatorFor } from "@/lib/i18n/translate";
import type { Locale } from "@/shared/i18n/locales";

/** The Excel files, by the catalogue's name for each (`excel.<kind>.file`). */
export type ExcelKind = "winners" | "audit" | "funnel" | "import";

/** `<prefix>-YYYYMMDD.xlsx`, dated today in `timeZone`. */
export function datedFileName(prefix: string, now: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).formatToParts(now);
  const part = (type: string) => parts.find((item) => item.type === type)?.value ?? "";
  return `${prefix}-${part("year")}${part("month")}${part("day")}.xlsx`;
}

/** An Excel file's name in a language, dated today on the event's clock: `당첨자-20270503.xlsx`. */
function excelFileName(kind: ExcelKind, locale: Locale, now = new Date()): string {
  return datedFileName(translatorFor(locale)(`excel.${kind}.file`), now, eventTimeZone());
}

/**
 * A workbook as a download named in the caller's language. A name beyond ASCII (Korean) goes in
 * `filename*` (RFC 6266, UTF-8, which every current browser reads), with the English name as the plain
 * `filename` for a client that takes ASCII only; an English name is the plain `filename` alone.
 */
export function excelDownload(file: Buffer, kind: ExcelKind, locale: Locale): Response {
  const now = new Date();
  const name = excelFileName(kind, locale, now);
  const ascii = excelFileName(kind, "en", now);
  const disposition =
    name === ascii ? `attachment; filename="${ascii}"` : `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
  return new Response(new Uint8Array(file), {
    headers: {
      "Content-Type": "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
      "Content-Disposition": disposition,
      "Content-Length": String(file.byteLength),
      "Cache-Control": "no-store",
    },
  });
}
