import { and, eq, sql } from "drizzle-orm";
import { HELD_NOW, heldNow } from "@/db/prize-rules";
import { placements, prizes } from "@/db/schema";
import { conflict, notFound } from "@/lib/errors";
import { MESSAGES } from "@/lib/messages";
import { recordAudit } from "../audit/record";
import type { ServiceContext } from "../context";
import { retryingTransaction } from "../transaction";

/**
 * Deletes a prize and its placements (winners stay, with the prize name kept). Refused with 409 while a
 * visitor holds one of its placements: deleting it would snatch the prize from under their fingers.
 */
export async function deletePrize({ ctx, input }: { ctx: ServiceContext; input: { id: number } }): Promise<void> {
  // Another event's prize is not found, as an unknown one is.
  const thePrize = and(eq(prizes.eventId, ctx.eventId), eq(prizes.id, input.id));
  const deleted = await retryingTransaction(ctx.db, async (tx) => {
    const [row] = await tx
      .delete(prizes)
      .where(
        and(
          thePrize,
          sql`not exists (select 1 from ${placements} where ${placements.prizeId} = ${input.id} and ${placements.isActive} and ${heldNow()})`,
        ),
      )
      .returning({ id: prizes.id, name: prizes.name, remaining: prizes.remainingQuantity });
    if (row) {
      await recordAudit(tx, ctx, {
        action: "prize.delete",
        target: { type: "prize", id: row.id, name: row.name },
        changes: { remainingQuantity: { before: row.remaining, after: null } },
      });
    }
    return row;
  });
  if (deleted) return;
  const [exists] = await ctx.db.select({ id: prizes.id }).from(prizes).where(thePrize);
  throw exists ? conflict(HELD_NOW) : notFound(MESSAGES.prizeNotFound);
}
