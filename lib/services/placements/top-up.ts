import { and, count, eq, sql } from "drizzle-orm";
import type { Queryable } from "@/db";
import { prizeDistributions, prizes, products } from "@/db/schema";
import { heldNow, placementTarget } from "../prizes/budget";

export type TopUpResult = { placed: number; missing: number };

/**
 * Brings one prize's live placements up to its target, on product pages chosen uniformly at random among
 * those with no live placement. Call inside a transaction: the prize row is locked first, so two top-ups
 * of one prize (a claim and the maintenance tick, on two instances) cannot both fill the last slot. Two
 * prizes picking the same free page are settled by the one-live-placement-per-page index: the loser
 * skips that page and reports it as missing; the next tick retries.
 */
export async function topUpPrize(tx: Queryable, prizeId: number): Promise<TopUpResult> {
  const [prize] = await tx
    .select({ target: placementTarget() })
    .from(prizes)
    .where(eq(prizes.id, prizeId))
    .for("update");
  if (!prize) return { placed: 0, missing: 0 };
  const [live] = await tx
    .select({ count: count() })
    .from(prizeDistributions)
    .where(and(eq(prizeDistributions.prizeId, prizeId), eq(prizeDistributions.isActive, true)));
  const needed = prize.target - (live?.count ?? 0);
  if (needed <= 0) return { placed: 0, missing: 0 };

  const freePages = await tx
    .select({ productId: products.id })
    .from(products)
    .where(
      sql`not exists (select 1 from ${prizeDistributions} where ${prizeDistributions.productId} = ${products.id} and ${prizeDistributions.isActive})`,
    )
    .orderBy(sql`random()`)
    .limit(needed);
  if (freePages.length === 0) return { placed: 0, missing: needed };
  // A page taken meanwhile by another prize's top-up hits the partial unique index and is skipped.
  const placed = await tx
    .insert(prizeDistributions)
    .values(freePages.map((page) => ({ prizeId, productId: page.productId })))
    .onConflictDoNothing({ target: prizeDistributions.productId, where: sql`${prizeDistributions.isActive}` })
    .returning({ id: prizeDistributions.id });
  return { placed: placed.length, missing: needed - placed.length };
}

/**
 * The opposite of a top-up, after an admin change lowers a target (stock cut, prize deactivated):
 * live placements beyond the target that nobody holds are switched off, newest first. A held one is
 * left alone; the claim's own stock check still guards it.
 */
export async function trimPlacements(tx: Queryable, prizeId: number): Promise<number> {
  const [prize] = await tx.select({ target: placementTarget() }).from(prizes).where(eq(prizes.id, prizeId)).for("update");
  if (!prize) return 0;
  const live = await tx
    .select({ id: prizeDistributions.id, held: heldNow() })
    .from(prizeDistributions)
    .where(and(eq(prizeDistributions.prizeId, prizeId), eq(prizeDistributions.isActive, true)))
    .orderBy(sql`${prizeDistributions.createdAt} desc`, sql`${prizeDistributions.id} desc`);
  const excess = live.length - prize.target;
  const removable = live.filter((placement) => !placement.held).slice(0, Math.max(0, excess));
  for (const placement of removable) {
    await tx
      .update(prizeDistributions)
      .set({ isActive: false })
      .where(and(eq(prizeDistributions.id, placement.id), sql`not ${heldNow()}`));
  }
  return removable.length;
}
