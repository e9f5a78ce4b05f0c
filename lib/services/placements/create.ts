import { and, count, eq, isNull, sql } from "drizzle-orm";
import type { Queryable } from "@/db";
import { HELD_NOW, heldNow, placementTarget } from "@/db/prize-rules";
import { prizeDistributions, prizes, products } from "@/db/schema";
import { conflict, notFound, postgresErrorCode, UNIQUE_VIOLATION, ValidationError } from "@/lib/errors";
import type { CreateDistributionBody } from "@/lib/validation/distribution";
import type { ServiceContext } from "../context";
import { retryingTransaction } from "../transaction";
import { lockPlacementWrites } from "./top-up";

export const PAGE_TAKEN = "This product page already has an active prize.";

const refuse = (message: string) => new ValidationError({ non_field_errors: [message] });

/**
 * Checks that one more live placement of this prize is allowed, with the prize row locked so that two
 * admins (or an admin and a top-up) cannot both take the last slot.
 */
async function assertRoomForPlacement(tx: Queryable, prizeId: number, alreadyCounted = 0): Promise<void> {
  const [prize] = await tx
    .select({ isActive: prizes.isActive, remaining: prizes.remainingQuantity, target: placementTarget() })
    .from(prizes)
    .where(eq(prizes.id, prizeId))
    .for("update");
  if (!prize) throw ValidationError.field("prize", "Choose an existing prize.");
  if (!prize.isActive) throw refuse("This prize is inactive: activate it before placing it.");
  if (prize.remaining <= 0) throw refuse("This prize is out of stock.");
  const [live] = await tx
    .select({ count: count() })
    .from(prizeDistributions)
    .where(and(eq(prizeDistributions.prizeId, prizeId), eq(prizeDistributions.isActive, true)));
  if ((live?.count ?? 0) - alreadyCounted >= prize.target) {
    throw refuse(
      prize.target === 0
        ? "This prize has no budget left today."
        : `This prize already has its target of ${prize.target} live placement${prize.target === 1 ? "" : "s"}.`,
    );
  }
}

function pageTakenInstead(error: unknown): never {
  if (postgresErrorCode(error) === UNIQUE_VIOLATION) throw refuse(PAGE_TAKEN);
  throw error;
}

/** POST /api/prize-distributions/: place a prize on a product page by hand. */
export async function createPlacement({ ctx, input }: { ctx: ServiceContext; input: CreateDistributionBody }) {
  // Lock order (../README.md): placement writes, the page, the prize, then the new placement row.
  return retryingTransaction(ctx.db, async (tx) => {
    await lockPlacementWrites(tx);
    // KEY SHARE: the page cannot be deleted under us (a delete would otherwise fail our insert).
    const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.id, input.product)).for("key share");
    if (!product) throw ValidationError.field("product", "Choose an existing product page.");
    if (input.is_active) await assertRoomForPlacement(tx, input.prize);
    else {
      const [prize] = await tx.select({ id: prizes.id }).from(prizes).where(eq(prizes.id, input.prize));
      if (!prize) throw ValidationError.field("prize", "Choose an existing prize.");
    }
    const [created] = await tx
      .insert(prizeDistributions)
      .values({ prizeId: input.prize, productId: input.product, isActive: input.is_active })
      .returning({ id: prizeDistributions.id });
    return created!;
  }).catch(pageTakenInstead);
}

/** PATCH /api/prize-distributions/{id}/: switch a placement on (same checks as creating) or off. */
export async function setPlacementActive({ ctx, input }: { ctx: ServiceContext; input: { id: number; is_active: boolean } }) {
  return retryingTransaction(ctx.db, async (tx) => {
    const [placement] = await tx
      .select({ prizeId: prizeDistributions.prizeId, claimedAt: prizeDistributions.claimedAt })
      .from(prizeDistributions)
      .where(eq(prizeDistributions.id, input.id));
    if (!placement) throw notFound("Placement not found.");
    if (input.is_active) {
      if (placement.claimedAt) throw refuse("This placement has been won already; place the prize again instead.");
      await lockPlacementWrites(tx);
      // The prize before the placement row, as every path locks them (../README.md).
      await tx.select({ id: prizes.id }).from(prizes).where(eq(prizes.id, placement.prizeId)).for("update");
      const switchedOn = await tx
        .update(prizeDistributions)
        .set({ isActive: true })
        .where(and(eq(prizeDistributions.id, input.id), eq(prizeDistributions.isActive, false), isNull(prizeDistributions.claimedAt)))
        .returning({ prizeId: prizeDistributions.prizeId });
      if (switchedOn.length === 0) return; // Already on (or won meanwhile): nothing to change.
      // Checked after the switch, inside the same transaction: a refusal rolls it back.
      await assertRoomForPlacement(tx, placement.prizeId, 1);
      return;
    }
    const switchedOff = await tx
      .update(prizeDistributions)
      .set({ isActive: false })
      .where(and(eq(prizeDistributions.id, input.id), sql`not ${heldNow()}`))
      .returning({ id: prizeDistributions.id });
    if (switchedOff.length === 0) throw conflict(HELD_NOW);
  }).catch(pageTakenInstead);
}

/** DELETE /api/prize-distributions/{id}/: refused while a visitor holds it. */
export async function deletePlacement({ ctx, input }: { ctx: ServiceContext; input: { id: number } }): Promise<void> {
  const deleted = await ctx.db
    .delete(prizeDistributions)
    .where(and(eq(prizeDistributions.id, input.id), sql`not ${heldNow()}`))
    .returning({ id: prizeDistributions.id });
  if (deleted.length > 0) return;
  const [exists] = await ctx.db.select({ id: prizeDistributions.id }).from(prizeDistributions).where(eq(prizeDistributions.id, input.id));
  throw exists ? conflict(HELD_NOW) : notFound("Placement not found.");
}
