import { and, eq, sql } from "drizzle-orm";
import { HELD_NOW, heldNow } from "@/db/prize-rules";
import { placements } from "@/db/schema";
import { conflict, notFound } from "@/lib/errors";
import { MESSAGES } from "@/lib/messages";
import { recordAudit } from "../audit/record";
import type { ServiceContext } from "../context";
import { retryingTransaction } from "../transaction";
import { placementName } from "./audit";

/** DELETE /api/prize-distributions/{id}/: refused while a visitor holds it. */
export async function deletePlacement({ ctx, input }: { ctx: ServiceContext; input: { id: number } }): Promise<void> {
  // Another event's placement is unknown here, as an id that does not exist.
  const inEvent = and(eq(placements.id, input.id), eq(placements.eventId, ctx.eventId));
  const deleted = await retryingTransaction(ctx.db, async (tx) => {
    const name = await placementName(tx, input.id);
    const [row] = await tx
      .delete(placements)
      .where(and(inEvent, sql`not ${heldNow()}`))
      .returning({ id: placements.id, isActive: placements.isActive });
    if (row) {
      await recordAudit(tx, ctx, {
        action: "placement.delete",
        target: { type: "placement", id: row.id, name },
        changes: { is_active: { before: row.isActive, after: null } },
      });
    }
    return row;
  });
  if (deleted) return;
  const [exists] = await ctx.db.select({ id: placements.id }).from(placements).where(inEvent);
  throw exists ? conflict(HELD_NOW) : notFound(MESSAGES.placementNotFound);
}
