import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import type { Queryable } from "@/db";
import { products, settings, winners } from "@/db/schema";
import type { MyWin } from "@/shared/contracts/winners";
import type { Locale } from "@/shared/i18n/locales";
import { winnerStatus } from "./winners";

/**
 * The latest win of this visitor (their signed cookie's id) on this product page, as the visitor's win
 * card shows it (server-behaviour.md, "Collecting a prize: the deadline"): where it stands by the server's
 * record and clock, and where the desk is, in the visitor's language (else the other). Null when they have
 * not won here. Read through the win limit's index (visitor_id, created_at): a visitor has few wins.
 */
/** Where the prize desk of the win in scope's event is, in the reader's language, else the other's; null: unsaid. */
export function deskLocationIn(locale: Locale) {
  const [own, other] =
    locale === "ko" ? [settings.deskLocationKo, settings.deskLocationEn] : [settings.deskLocationEn, settings.deskLocationKo];
  return sql<string | null>`(select coalesce(${own}, ${other}) from ${settings} where ${settings.id} = ${winners.eventId})`;
}

export async function myWinOnPage({
  db,
  urlPath,
  visitorId,
  locale,
}: {
  db: Queryable;
  urlPath: string;
  visitorId: string;
  locale: Locale;
}): Promise<MyWin | null> {
  const [row] = await db
    .select({
      status: winnerStatus(),
      collect_by: winners.collectBy,
      expired_at: winners.expiredAt,
      received_at: winners.receivedAt,
      desk_location: deskLocationIn(locale),
    })
    .from(winners)
    .innerJoin(products, eq(products.id, winners.productId))
    .where(and(eq(winners.visitorId, visitorId), eq(products.urlPath, urlPath)))
    .orderBy(desc(winners.createdAt), desc(winners.id))
    .limit(1);
  if (!row) return null;
  const iso = (value: Date | null) => (value ? new Date(value).toISOString() : null);
  return {
    status: row.status,
    collect_by: iso(row.collect_by),
    expired_at: iso(row.expired_at),
    received_at: iso(row.received_at),
    desk_location: row.desk_location,
  };
}
