import "server-only";
import { and, asc, count, desc, eq, gt, sql } from "drizzle-orm";
import type { Queryable } from "@/db";
import { heldNow } from "@/db/prize-rules";
import { placements, prizes, products } from "@/db/schema";

/** The event's placements for the admin list: active first, newest first, with names and both counts. */
export async function listPlacements({ db, eventId, limit, offset }: { db: Queryable; eventId: number; limit: number; offset: number }) {
  const [rows, [counts]] = await Promise.all([
    db
      .select({
        id: placements.id,
        prize: placements.prizeId,
        product: placements.productId,
        is_active: placements.isActive,
        is_reserved: heldNow(),
        claimed_at: placements.claimedAt,
        created_at: placements.createdAt,
        drops_at: placements.dropsAt,
        announce: placements.announce,
        prize_name: prizes.name,
        product_name: products.name,
        product_url_path: products.urlPath,
      })
      .from(placements)
      .innerJoin(prizes, eq(prizes.id, placements.prizeId))
      .innerJoin(products, eq(products.id, placements.productId))
      .where(eq(placements.eventId, eventId))
      .orderBy(desc(placements.isActive), desc(placements.createdAt), desc(placements.id))
      .limit(limit)
      .offset(offset),
    db
      .select({
        total: count(),
        active: sql<number>`count(*) filter (where ${placements.isActive})::int`,
      })
      .from(placements)
      .where(eq(placements.eventId, eventId)),
  ]);
  const total = counts?.total ?? 0;
  const active = counts?.active ?? 0;
  return { count: total, active_count: active, inactive_count: total - active, results: rows };
}

/**
 * The event's drops still to come, soonest first (announced and secret alike: the organiser sees both), with the
 * database's clock, so the screen counts down on the same clock the hold compares with.
 */
export async function listScheduledDrops({ db, eventId }: { db: Queryable; eventId: number }) {
  const [results, [clock]] = await Promise.all([
    db
      .select({
        id: placements.id,
        prize: placements.prizeId,
        product: placements.productId,
        drops_at: placements.dropsAt,
        announce: placements.announce,
        prize_name: prizes.name,
        product_name: products.name,
      })
      .from(placements)
      .innerJoin(prizes, eq(prizes.id, placements.prizeId))
      .innerJoin(products, eq(products.id, placements.productId))
      .where(and(eq(placements.eventId, eventId), sql`${placements.isActive}`, gt(placements.dropsAt, sql`now()`)))
      .orderBy(asc(placements.dropsAt), asc(placements.id))
      .limit(200),
    db.select({ now: sql<string>`to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` }).from(sql`(select 1) as clock`),
  ]);
  return { results, now: clock?.now ?? new Date().toISOString() };
}
