import { and, eq, gt, sql } from "drizzle-orm";
import { placements } from "@/db/schema";
import { conflict, notFound } from "@/lib/errors";
import { MESSAGES } from "@/lib/messages";
import { text } from "@/shared/i18n/text";
import { recordAudit } from "../audit/record";
import type { ServiceContext } from "../context";
import { retryingTransaction } from "../transaction";
import { placementName } from "./audit";
import { assertDropTime } from "./drop-time";

const DROPPED = text("errors.placements.dropped");

/**
 * PATCH /api/prize-distributions/{id}/ {drops_at}: moves a drop that has not happened yet. One conditional
 * UPDATE on the database's clock: a drop whose time has come (or a placement that never had one) is 409,
 * even if the organiser's screen still counted down.
 */
export async function moveDrop({ ctx, input }: { ctx: ServiceContext; input: { id: number; drops_at: string } }) {
  return retryingTransaction(ctx.db, async (tx) => {
    await assertDropTime(tx, ctx.eventId, input.drops_at);
    // Another event's placement is unknown here, as an id that does not exist.
    const [before] = await tx
      .select({ dropsAt: placements.dropsAt })
      .from(placements)
      .where(and(eq(placements.id, input.id), eq(placements.eventId, ctx.eventId)));
    if (!before) throw notFound(MESSAGES.placementNotFound);
    const [moved] = await tx
      .update(placements)
      .set({ dropsAt: new Date(input.drops_at) })
      .where(and(eq(placements.id, input.id), gt(placements.dropsAt, sql`now()`)))
      .returning({ dropsAt: placements.dropsAt });
    if (!moved) throw conflict(DROPPED, { code: "dropped" });
    const was = before.dropsAt ? new Date(before.dropsAt).toISOString() : null;
    const now = new Date(moved.dropsAt!).toISOString();
    if (was !== now) {
      await recordAudit(tx, ctx, {
        action: "placement.move_drop",
        target: { type: "placement", id: input.id, name: await placementName(tx, input.id) },
        changes: { drops_at: { before: was, after: now } },
      });
    }
    return { id: input.id, drops_at: now };
  });
}
