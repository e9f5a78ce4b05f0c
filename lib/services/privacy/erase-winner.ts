import { and, eq } from "drizzle-orm";
import { winnerColumns } from "@/db/queries/winners";
import { winners } from "@/db/schema";
import { notFound } from "@/lib/errors";
import { recordAudit } from "../audit/record";
import type { ServiceContext } from "../context";
import { replenishPrizes } from "../placements/maintain";
import { retryingTransaction } from "../transaction";
import { WINNER_NOT_FOUND, winnerTarget } from "../winners/messages";
import { eraseWinsIn, lockPrizesOf, scrubAuditLog } from "./erase";

/**
 * POST /api/winners/{id}/erase/: erases this winner's personal data now (server-behaviour.md, "Privacy").
 * A waiting win is forfeited (expired, its unit back to stock). Idempotent: an erased winner is answered
 * as it is, with no second audit row. The audit row names the winner by id and prize only, and the rows
 * written about them before lose the nickname they may hold (audit_log_scrub).
 */
export async function eraseWinner({ ctx, input }: { ctx: ServiceContext; input: { id: number } }) {
  const result = await retryingTransaction(ctx.db, async (tx) => {
    // Another event's winner is unknown here, as an id that does not exist: refused before anything changes.
    const [inEvent] = await tx
      .select({ id: winners.id })
      .from(winners)
      .where(and(eq(winners.id, input.id), eq(winners.eventId, ctx.eventId)));
    if (!inEvent) throw notFound(WINNER_NOT_FOUND);
    await lockPrizesOf(tx, [input.id]);
    const [erased] = await eraseWinsIn(tx, [input.id]);
    const [row] = await tx.select(winnerColumns).from(winners).where(eq(winners.id, input.id));
    if (!row) throw notFound(WINNER_NOT_FOUND);
    if (erased) {
      await recordAudit(tx, ctx, {
        action: "winner.erase",
        target: winnerTarget(row),
        changes: {
          erased: { before: false, after: true },
          ...(erased.forfeited ? { status: { before: "waiting", after: "expired" } } : {}),
        },
      });
      await scrubAuditLog(tx, [input.id], null);
    }
    return { row, returned: erased?.forfeited && erased.prizeId !== null ? erased.prizeId : null };
  });
  // A forfeited unit is placed again as after any stock change (best effort: the maintenance tick retries).
  if (result.returned !== null) await replenishPrizes(ctx.db, [result.returned]);
  return result.row;
}
