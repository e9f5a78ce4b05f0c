import type { WinnerExportRow } from "@/db/queries/winners";
import { translatorFor } from "@/lib/i18n/translate";
import type { Locale } from "@/shared/i18n/locales";
import { textWorkbook } from "./text-workbook";

/** The columns, in order, by their keys under `excel.winners`. */
const WINNER_COLUMNS = ["nickname", "password", "prize", "product", "wonAt", "received", "receivedAt", "collectBy", "expiredAt"] as const;

/**
 * The winners as an .xlsx workbook (server-behaviour.md: nickname, password, prize, product, won at,
 * received, received at, then collect by and expired at (the collection deadline); times already in
 * APP_TIMEZONE), headed and named in `locale`, every cell text.
 */
export async function winnersWorkbook(batches: AsyncIterable<WinnerExportRow[]>, locale: Locale): Promise<Buffer> {
  const t = translatorFor(locale);
  const [yes, no] = [t("excel.yes"), t("excel.no")];
  return textWorkbook({
    sheetName: t("excel.winners.sheet"),
    header: WINNER_COLUMNS.map((column) => t(`excel.winners.${column}`)),
    widths: [14, 10, 24, 24, 20, 10, 20, 20, 20],
    batches,
    cells: (winner) => [
      winner.name,
      winner.password,
      winner.prize_name,
      winner.product_name,
      winner.won_at,
      winner.is_received ? yes : no,
      winner.received_at,
      winner.collect_by,
      winner.expired_at,
    ],
  });
}
