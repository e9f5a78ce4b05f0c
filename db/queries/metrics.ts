import "server-only";
import { and, asc, count, eq, isNotNull, sql } from "drizzle-orm";
import type { Queryable } from "@/db";
import { placements, prizes } from "@/db/schema";

/**
 * What the database-read gauges show (lib/metrics/registry.ts), read when Prometheus scrapes: the tickets
 * held right now and the units left of each active prize. Two small reads (the placements' rows are one
 * per product page; prizes a few dozen), once per scrape on the organiser's connections, so a crowd
 * filling the visitors' pool does not make the database look down.
 */
export async function readMetricsSnapshot({ db }: { db: Queryable }) {
  const [[held], prizeRows] = await Promise.all([
    db
      .select({ n: count() })
      .from(placements)
      .where(and(eq(placements.isActive, true), isNotNull(placements.reservedBy), sql`${placements.reservedUntil} > now()`)),
    db
      .select({ id: prizes.id, name: prizes.name, remaining: prizes.remainingQuantity })
      .from(prizes)
      .where(eq(prizes.isActive, true))
      .orderBy(asc(prizes.id)),
  ]);
  return { liveHolds: held?.n ?? 0, prizes: prizeRows };
}
