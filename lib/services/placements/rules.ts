import { and, count, eq } from "drizzle-orm";
import type { Queryable } from "@/db";
import { postgresErrorCode, UNIQUE_VIOLATION } from "@/db/errors";
import { placementTarget } from "@/db/prize-rules";
import { placements, prizes } from "@/db/schema";
import { type Said, ValidationError } from "@/lib/errors";
import { text } from "@/shared/i18n/text";

/** Checks shared by creating a placement and switching one on (not an operation of its own). */

export const PAGE_TAKEN = text("errors.placements.pageTaken");

export const refuse = (message: Said) => new ValidationError({ non_field_errors: [message] });

/**
 * Checks that one more live placement of this prize is allowed, with the prize row locked so that two
 * admins (or an admin and a top-up) cannot both take the last slot.
 */
export async function assertRoomForPlacement(tx: Queryable, prizeId: number, alreadyCounted = 0): Promise<void> {
  const [prize] = await tx
    .select({ isActive: prizes.isActive, remaining: prizes.remainingQuantity, target: placementTarget() })
    .from(prizes)
    .where(eq(prizes.id, prizeId))
    .for("update");
  if (!prize) throw ValidationError.field("prize", text("errors.placements.existingPrize"));
  if (!prize.isActive) throw refuse(text("errors.placements.prizeInactive"));
  if (prize.remaining <= 0) throw refuse(text("errors.placements.outOfStock"));
  const [live] = await tx
    .select({ count: count() })
    .from(placements)
    .where(and(eq(placements.prizeId, prizeId), eq(placements.isActive, true)));
  if ((live?.count ?? 0) - alreadyCounted >= prize.target) {
    throw refuse(
      prize.target === 0 ? text("errors.placements.noBudget") : text("errors.placements.targetReached", { count: prize.target }),
    );
  }
}

export function pageTakenInstead(error: unknown): never {
  if (postgresErrorCode(error) === UNIQUE_VIOLATION) throw refuse(PAGE_TAKEN);
  throw error;
}
