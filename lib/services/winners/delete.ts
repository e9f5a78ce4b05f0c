import { and, eq } from "drizzle-orm";
import { winners } from "@/db/schema";
import { notFound } from "@/lib/errors";
import { recordAudit } from "../audit/record";
import type { ServiceContext } from "../context";
import { retryingTransaction } from "../transaction";
import { WINNER_NOT_FOUND, winnerTarget } from "./messages";

/** Removes the record only: the unit is not given back to stock (server-behaviour.md, Winners). */
export async function deleteWinner({ ctx, input }: { ctx: ServiceContext; input: { id: number } }): Promise<void> {
  await retryingTransaction(ctx.db, async (tx) => {
    const [row] = await tx
      .delete(winners)
      // Another event's winner is unknown here, as an id that does not exist.
      .where(and(eq(winners.id, input.id), eq(winners.eventId, ctx.eventId)))
      .returning({ id: winners.id, prize_name: winners.prizeName, is_received: winners.isReceived });
    if (!row) throw notFound(WINNER_NOT_FOUND);
    await recordAudit(tx, ctx, {
      action: "winner.delete",
      target: winnerTarget(row),
      changes: { is_received: { before: row.is_received, after: null } },
    });
  });
}
