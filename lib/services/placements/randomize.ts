import { and, asc, eq, sql } from "drizzle-orm";
import { eventState, heldNow } from "@/db/prize-rules";
import { placements, prizes, settings } from "@/db/schema";
import { conflict, ValidationError } from "@/lib/errors";
import type { RandomizeBody } from "@/lib/validation/placement";
import { type Text, text } from "@/shared/i18n/text";
import { recordAudit } from "../audit/record";
import type { ServiceContext } from "../context";
import { retryingTransaction } from "../transaction";
import { lockPlacementWrites, topUpPrize } from "./top-up";
import { unplacedUnits } from "./unplaced";

/** Random placement does nothing while prizes cannot be won (server-behaviour.md, "The event's rules"). */
const RANDOM_PLACEMENT_CLOSED = {
  not_started: text("errors.placements.randomNotStarted"),
  ended: text("errors.placements.randomEnded"),
  paused: text("errors.placements.randomPaused"),
} as const;

/**
 * POST /api/prize-distributions/randomize/: stores maintenance mode (unless it is null: the admin's form
 * sends it only when the organiser asks), optionally clears the live placements
 * in scope that nobody holds, then tops every active prize in scope up to its target on random free pages.
 * With `spread_minutes`, each placement it makes is a winning moment: it drops, unannounced, at a random
 * moment within that many minutes (server-behaviour.md, "Prize drops and winning moments").
 */
export async function randomizePlacements({ ctx, input }: { ctx: ServiceContext; input: RandomizeBody }) {
  return retryingTransaction(ctx.db, async (tx) => {
    await lockPlacementWrites(tx);
    const [before] = await tx
      .select({ maintenanceMode: settings.maintenanceMode, state: eventState(ctx.eventId) })
      .from(settings)
      .where(eq(settings.id, ctx.eventId));
    if (before && before.state !== "open") throw conflict(RANDOM_PLACEMENT_CLOSED[before.state], { code: `event_${before.state}` });
    const maintenanceMode = input.maintenance_mode ?? before?.maintenanceMode ?? false;
    if (input.maintenance_mode !== null) {
      await tx.update(settings).set({ maintenanceMode: input.maintenance_mode, updatedAt: sql`now()` }).where(eq(settings.id, ctx.eventId));
    }
    if (input.prize_id !== null) {
      // Another event's prize is unknown here, as an id that does not exist.
      const [prize] = await tx
        .select({ id: prizes.id })
        .from(prizes)
        .where(and(eq(prizes.id, input.prize_id), eq(prizes.eventId, ctx.eventId)));
      if (!prize) throw ValidationError.field("prize_id", text("errors.placements.existingPrize"));
    }
    // Prize rows before placement rows, in id order, as every path locks them (../README.md).
    const prizesInScope = await tx
      .select({ id: prizes.id, isActive: prizes.isActive })
      .from(prizes)
      .where(and(eq(prizes.eventId, ctx.eventId), input.prize_id === null ? undefined : eq(prizes.id, input.prize_id)))
      .orderBy(asc(prizes.id))
      .for("update");
    const inScope = and(eq(placements.eventId, ctx.eventId), input.prize_id === null ? undefined : eq(placements.prizeId, input.prize_id));
    const cleared = input.reset
      ? await tx
          .delete(placements)
          // A drop scheduled by hand is set aside apart from automatic placement: kept until it has dropped.
          .where(
            and(
              eq(placements.isActive, true),
              sql`not ${heldNow()}`,
              sql`not (${placements.setAside} and ${placements.dropsAt} > now())`,
              inScope,
            ),
          )
          .returning({ id: placements.id })
      : [];
    const activePrizes = prizesInScope.filter((prize) => prize.isActive);
    let placed = 0;
    let missing = 0;
    for (const prize of activePrizes) {
      const result = await topUpPrize(tx, prize.id, { spreadMinutes: input.spread_minutes ?? null });
      placed += result.placed;
      missing += result.missing;
    }
    await recordAudit(tx, ctx, {
      action: "placement.randomize",
      target: input.prize_id === null ? { type: "placement", name: "every active prize" } : { type: "prize", id: input.prize_id },
      changes: {
        ...(before?.maintenanceMode !== maintenanceMode && {
          maintenance_mode: { before: before?.maintenanceMode ?? null, after: maintenanceMode },
        }),
        placed: { before: null, after: placed },
        ...(input.spread_minutes && { spread_minutes: { before: null, after: input.spread_minutes } }),
        ...(input.reset && { cleared: { before: cleared.length, after: null } }),
      },
    });
    // Said in the caller's language by the route, one sentence after another. Nothing placed is said with
    // its reason first (the screen shows it as a warning, not a success).
    const detail: Text[] = [
      placed > 0 ? text("errors.placements.randomPlaced", { count: placed }) : nothingPlacedBecause(activePrizes.length, missing),
    ];
    if (input.reset) detail.push(text("errors.placements.randomCleared", { count: cleared.length }));
    if (missing > 0 && placed > 0) detail.push(text("errors.placements.randomMissing", { count: missing }));
    const unplaced = await unplacedUnits(
      tx,
      activePrizes.map((prize) => prize.id),
    );
    return { detail, placed, missing, cleared: cleared.length, unplaced, maintenance_mode: maintenanceMode };
  });
}

/**
 * Why a random placement placed nothing: no active prize in scope, no free page for what was wanted, or
 * every prize in scope already at its target ("Pages at once", or its stock or today's budget used up).
 */
function nothingPlacedBecause(activePrizes: number, missing: number): Text {
  if (activePrizes === 0) return text("errors.placements.randomNoActivePrize");
  if (missing > 0) return text("errors.placements.randomNoFreePage", { count: missing });
  return text("errors.placements.randomAllAtTarget");
}
