import { and, eq, isNull, sql } from "drizzle-orm";
import type { Tx } from "@/db";
import { HELD_NOW, heldNow } from "@/db/prize-rules";
import { placements, prizes } from "@/db/schema";
import { conflict, notFound } from "@/lib/errors";
import { MESSAGES } from "@/lib/messages";
import { text } from "@/shared/i18n/text";
import { recordAudit } from "../audit/record";
import type { ServiceContext } from "../context";
import { retryingTransaction } from "../transaction";
import { placementName } from "./audit";
import { assertPageFree, assertRoomForPlacement, pageTakenInstead, refuse } from "./rules";
import { lockPlacementWrites } from "./top-up";

async function recordSwitch(tx: Tx, ctx: ServiceContext, id: number, on: boolean) {
  await recordAudit(tx, ctx, {
    action: on ? "placement.activate" : "placement.deactivate",
    target: { type: "placement", id, name: await placementName(tx, id) },
    changes: { is_active: { before: !on, after: on } },
  });
}

/** PATCH /api/prize-distributions/{id}/: switch a placement on (same checks as creating) or off. */
export async function setPlacementActive({ ctx, input }: { ctx: ServiceContext; input: { id: number; is_active: boolean } }) {
  return retryingTransaction(ctx.db, async (tx) => {
    const [placement] = await tx
      .select({
        prizeId: placements.prizeId,
        productId: placements.productId,
        claimedAt: placements.claimedAt,
        isActive: placements.isActive,
        setAside: placements.setAside,
      })
      .from(placements)
      // Another event's placement is unknown here, as an id that does not exist.
      .where(and(eq(placements.id, input.id), eq(placements.eventId, ctx.eventId)));
    if (!placement) throw notFound(MESSAGES.placementNotFound);
    if (input.is_active) {
      if (placement.claimedAt) throw refuse(text("errors.placements.alreadyWon"));
      await lockPlacementWrites(tx);
      if (!placement.isActive) await assertPageFree(tx, placement.productId);
      // The prize before the placement row, as every path locks them (../README.md).
      await tx.select({ id: prizes.id }).from(prizes).where(eq(prizes.id, placement.prizeId)).for("update");
      const switchedOn = await tx
        .update(placements)
        .set({ isActive: true })
        .where(and(eq(placements.id, input.id), eq(placements.isActive, false), isNull(placements.claimedAt)))
        .returning({ prizeId: placements.prizeId });
      if (switchedOn.length === 0) return; // Already on (or won meanwhile): nothing to change.
      // Checked after the switch, inside the same transaction: a refusal rolls it back (and its audit row).
      await assertRoomForPlacement(tx, placement.prizeId, { setAside: placement.setAside, alreadyCounted: 1 });
      await recordSwitch(tx, ctx, input.id, true);
      return;
    }
    const switchedOff = await tx
      .update(placements)
      .set({ isActive: false })
      .where(and(eq(placements.id, input.id), sql`not ${heldNow()}`))
      .returning({ id: placements.id });
    if (switchedOff.length === 0) throw conflict(HELD_NOW);
    // Switching off one already off changes nothing: no row.
    if (placement.isActive) await recordSwitch(tx, ctx, input.id, false);
  }).catch(pageTakenInstead);
}
