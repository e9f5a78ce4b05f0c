import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import type { Queryable, Tx } from "@/db";
import { heldNow } from "@/db/prize-rules";
import { placements, prizes, products, settings, winners } from "@/db/schema";
import type { ArchiveCutoff, EventStatus } from "@/shared/contracts/new-event";

const iso = (column: Parameters<typeof sql>[1]) => sql<string>`to_char(${column}, 'YYYY-MM-DD"T"HH24:MI:SSTZH:TZM')`;

/**
 * Event `eventId`'s products, prizes and placements for the archive's event.json, in id order, times written
 * with their offset. Placements leave out who held them (a visitor's id is never exported).
 */
export async function readEventRecords(db: Queryable, eventId: number) {
  const productRows = await db
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      url_path: products.urlPath,
      created_at: iso(products.createdAt),
    })
    .from(products)
    .where(eq(products.eventId, eventId))
    .orderBy(asc(products.id));
  const prizeRows = await db
    .select({
      id: prizes.id,
      name: prizes.name,
      description: prizes.description,
      total_quantity: prizes.totalQuantity,
      remaining_quantity: prizes.remainingQuantity,
      daily_distribution: prizes.dailyDistribution,
      maintenance_count: prizes.maintenanceCount,
      hourly_limit: prizes.hourlyLimit,
      is_active: prizes.isActive,
      created_at: iso(prizes.createdAt),
    })
    .from(prizes)
    .where(eq(prizes.eventId, eventId))
    .orderBy(asc(prizes.id));
  const placementRows = await db
    .select({
      id: placements.id,
      prize_id: placements.prizeId,
      product_id: placements.productId,
      is_active: placements.isActive,
      claimed_at: sql<string | null>`${iso(placements.claimedAt)}`,
      created_at: iso(placements.createdAt),
    })
    .from(placements)
    .where(eq(placements.eventId, eventId))
    .orderBy(asc(placements.id));
  return { products: productRows, prizes: prizeRows, placements: placementRows };
}

/**
 * The archive's cut-off (event `eventId`'s last winner), read under a brief `SHARE` lock of the winners table, in a transaction of its own
 * that locks nothing else (the caller opens it: `retryingTransaction(db, (tx) => readArchiveCutoff(tx, id))`). The lock waits
 * for every transaction that has inserted a winner and not committed yet (a claim between its winner row and
 * its commit) and holds new ones back for the few milliseconds of the read. So once it is read, every winner
 * up to `last_winner_id` is committed (the archive can list them all) and every later win gets a higher id
 * (identity ids only grow): a win that commits later is always newer than the cut-off, never hidden below it.
 * Without the lock, a claim that drew id 100 and committed after one with 101 was read could fall in between.
 */
export async function readArchiveCutoff(tx: Tx, eventId: number): Promise<ArchiveCutoff> {
  await tx.execute(sql`lock table ${winners} in share mode`);
  const [row] = await tx
    .select({ last_winner_id: sql<number>`coalesce(max(${winners.id}), 0)::int`, winners: sql<number>`count(*)::int` })
    .from(winners)
    .where(eq(winners.eventId, eventId));
  return row ?? { last_winner_id: 0, winners: 0 };
}

/**
 * What the new-event section shows before the owner confirms, for event `eventId`: the visitors holding a
 * prize in it right now (their hold ends with it, and they are told the event has ended) and its winners
 * (kept with it when it closes).
 */
export async function readEventStatus(db: Queryable, eventId: number): Promise<EventStatus> {
  const [row] = await db
    .select({
      playing_now: sql<number>`(select count(distinct ${placements.reservedBy})::int from ${placements}
        where ${placements.eventId} = ${eventId} and ${heldNow()})`,
      winners: sql<number>`(select count(*)::int from ${winners} where ${winners.eventId} = ${eventId})`,
    })
    .from(settings)
    .where(eq(settings.id, eventId));
  return row ?? { playing_now: 0, winners: 0 };
}
