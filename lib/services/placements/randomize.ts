import { and, asc, eq, sql } from "drizzle-orm";
import { eventState, heldNow } from "@/db/prize-rules";
import { placements, prizes, settings } from "@/db/schema";
import { conflict, ValidationError } from "@/lib/errors";
import type { RandomizeBody } from "@/lib/validation/placement";
import { recordAudit } from "../audit/record";
import type { ServiceContext } from "../context";
import { retryingTransaction } from "../transaction";
import { lockPlacementWrites, topUpPrize } from "./top-up";

/** Random placement does nothing while prizes cannot be won (server-behaviour.md, "The event's rules"). */
const RANDOM_PLACEMENT_CLOSED = {
  not_started: "The event has not started yet: random placement places prizes once it opens (see its opening hours in the settings).",
  ended: "The event has ended: random placement places nothing after its closing time (see the settings).",
  paused: "Prizes are paused: resume them first, then place at random.",
} as const;

/**
 * POST /api/prize-distributions/randomize/: stores maintenance mode, optionally clears the live placements
 * in scope that nobody holds, then tops every active prize in scope up to its target on random free pages.
 */
export async function randomizePlacements({ ctx, input }: { ctx: ServiceContext; input: RandomizeBody }) {
  return retryingTransaction(ctx.db, async (tx) => {
    await lockPlacementWrites(tx);
    const [before] = await tx
      .select({ maintenanceMode: settings.maintenanceMode, state: eventState() })
      .from(settings)
      .where(eq(settings.id, 1));
    if (before && before.state !== "open") throw conflict(RANDOM_PLACEMENT_CLOSED[before.state], { code: `event_${before.state}` });
    await tx.update(settings).set({ maintenanceMode: input.maintenance_mode, updatedAt: sql`now()` }).where(eq(settings.id, 1));
    if (input.prize_id !== null) {
      const [prize] = await tx.select({ id: prizes.id }).from(prizes).where(eq(prizes.id, input.prize_id));
      if (!prize) throw ValidationError.field("prize_id", "Choose an existing prize.");
    }
    // Prize rows before placement rows, in id order, as every path locks them (../README.md).
    const prizesInScope = await tx
      .select({ id: prizes.id, isActive: prizes.isActive })
      .from(prizes)
      .where(input.prize_id === null ? sql`true` : eq(prizes.id, input.prize_id))
      .orderBy(asc(prizes.id))
      .for("update");
    const inScope = input.prize_id === null ? sql`true` : eq(placements.prizeId, input.prize_id);
    const cleared = input.reset
      ? await tx
          .delete(placements)
          .where(and(eq(placements.isActive, true), sql`not ${heldNow()}`, inScope))
          .returning({ id: placements.id })
      : [];
    const activePrizes = prizesInScope.filter((prize) => prize.isActive);
    let placed = 0;
    let missing = 0;
    for (const prize of activePrizes) {
      const result = await topUpPrize(tx, prize.id);
      placed += result.placed;
      missing += result.missing;
    }
    await recordAudit(tx, ctx, {
      action: "placement.randomize",
      target: input.prize_id === null ? { type: "placement", name: "every active prize" } : { type: "prize", id: input.prize_id },
      changes: {
        ...(before?.maintenanceMode !== input.maintenance_mode && {
          maintenance_mode: { before: before?.maintenanceMode ?? null, after: input.maintenance_mode },
        }),
        placed: { before: null, after: placed },
        ...(input.reset && { cleared: { before: cleared.length, after: null } }),
      },
    });
    const parts = [`Placed ${placed} prize${placed === 1 ? "" : "s"} at random.`];
    if (input.reset) parts.push(`Cleared ${cleared.length} earlier placement${cleared.length === 1 ? "" : "s"}.`);
    if (missing > 0) parts.push(`${missing} could not be placed: no free product page left.`);
    return { detail: parts.join(" "), placed, missing, cleared: cleared.length };
  });
}
