import { and, eq, inArray, sql } from "drizzle-orm";
import type { Queryable } from "@/db";
import { placements, prizes } from "@/db/schema";

/**
 * Units of these prizes in stock and on no product page: what will never be won unless it is placed,
 * by hand, at random or by automatic placement (maintenance mode). Inactive prizes count none. Read in
 * the placing transaction, after its inserts, so the organiser is told the state that placing left.
 */
export async function unplacedUnits(tx: Queryable, prizeIds: number[]): Promise<number> {
  if (prizeIds.length === 0) return 0;
  const live = tx
    .select({ count: sql<number>`count(*)` })
    .from(placements)
    .where(and(eq(placements.prizeId, prizes.id), eq(placements.isActive, true)));
  const [row] = await tx
    .select({ unplaced: sql<number>`coalesce(sum(greatest(0, ${prizes.remainingQuantity} - (${live}))), 0)::int` })
    .from(prizes)
    .where(and(inArray(prizes.id, prizeIds), eq(prizes.isActive, true)));
  return row?.unplaced ?? 0;
}
