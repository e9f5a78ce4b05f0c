import "server-only";
import { and, asc, count, eq, isNotNull, sql } from "drizzle-orm";
import type { Queryable } from "@/db";
import { events, placements, prizes } from "@/db/schema";

/**
 * What the database-read gauges show (lib/metrics/registry.ts), read when Prometheus scrapes: the tickets
 * held right now and the units left of each active prize, by event, and the events. Three small reads (the
 * placements' rows are one per product page; prizes a few dozen; events a handful), once per scrape on the
 * organiser's connections, so a crowd filling the visitors' pool does not make the database look down.
 */
export async function readMetricsSnapshot({ db }: { db: Queryable }) {
  const [eventRows, liveHolds, prizeRows] = await Promise.all([
    db.select({ id: events.id }).from(events).orderBy(asc(events.id)),
    db
      .select({ event: placements.eventId, holds: count() })
      .from(placements)
      .where(and(eq(placements.isActive, true), isNotNull(placements.reservedBy), sql`${placements.reservedUntil} > now()`))
      .groupBy(placements.eventId),
    db
      .select({ id: prizes.id, name: prizes.name, event: prizes.eventId, remaining: prizes.remainingQuantity })
      .from(prizes)
      .where(eq(prizes.isActive, true))
      .orderBy(asc(prizes.id)),
  ]);
  return { events: eventRows.map((row) => row.id), liveHolds, prizes: prizeRows };
}
