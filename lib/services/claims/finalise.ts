import { and, eq, sql } from "drizzle-orm";
import { prizeDistributions, prizes, products, winners } from "@/db/schema";
import { conflict } from "@/lib/errors";
import type { ClaimBody } from "@/lib/validation/claim";
import type { ServiceContext } from "../context";
import { distributedToday, today } from "../prizes/budget";

export const HOLD_EXPIRED = "Your reservation has expired. Please try again.";
export const PRIZE_GONE = "Sorry, this prize has just run out.";

class ClaimRefused extends Error {
  constructor(readonly detail: string) {
    super(detail);
  }
}

/**
 * Turns this visitor's live hold into a win, in one transaction:
 *  1. consume the hold: only a live hold by this visitor matches, and it leaves the placement inactive, so
 *     it can be won once;
 *  2. take one unit: only while the prize is active, in stock and under today's limit; otherwise the
 *     whole transaction rolls back and the hold is not consumed;
 *  3. record the winner, with the prize and product names as they are now.
 * The unique index on winners.distribution_id is the last guard against a double win.
 */
export async function finaliseClaim({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: ClaimBody & { urlPath: string; visitorId: string };
}): Promise<{ prizeId: number; prizeName: string }> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const [placement] = await tx
        .update(prizeDistributions)
        .set({ isActive: false, claimedAt: sql`now()` })
        .from(products)
        .where(
          and(
            eq(prizeDistributions.productId, products.id),
            eq(products.urlPath, input.urlPath),
            eq(prizeDistributions.isActive, true),
            eq(prizeDistributions.reservedBy, input.visitorId),
            sql`${prizeDistributions.reservedUntil} > now()`,
          ),
        )
        .returning({ id: prizeDistributions.id, prizeId: prizeDistributions.prizeId, productId: products.id, productName: products.name });
      if (!placement) throw new ClaimRefused(HOLD_EXPIRED);

      const [prize] = await tx
        .update(prizes)
        .set({
          remainingQuantity: sql`${prizes.remainingQuantity} - 1`,
          todayDistributed: sql`${distributedToday()} + 1`,
          distributedOn: sql`${today()}`,
        })
        .where(
          and(
            eq(prizes.id, placement.prizeId),
            eq(prizes.isActive, true),
            sql`${prizes.remainingQuantity} > 0`,
            sql`${distributedToday()} < ${prizes.dailyDistribution}`,
          ),
        )
        .returning({ id: prizes.id, name: prizes.name });
      if (!prize) throw new ClaimRefused(PRIZE_GONE);

      await tx.insert(winners).values({
        name: input.name,
        password: input.password,
        prizeId: prize.id,
        productId: placement.productId,
        distributionId: placement.id,
        prizeName: prize.name,
        productName: placement.productName,
      });
      return { prizeId: prize.id, prizeName: prize.name };
    });
  } catch (error) {
    if (error instanceof ClaimRefused) throw conflict(error.detail);
    throw error;
  }
}
