import { and, eq, type SQL, sql } from "drizzle-orm";
import { winnerColumns } from "@/db/queries/winners";
import { winners } from "@/db/schema";
import { conflict, notFound } from "@/lib/errors";
import { UNDO_GRACE_MINUTES } from "@/shared/contracts/winners";
import { recordAudit } from "../audit/record";
import type { ServiceContext } from "../context";
import { retryingTransaction } from "../transaction";
import { WINNER_ERASED, WINNER_NOT_FOUND, winnerTarget } from "./messages";

/** The win's own deadline while it is still ahead (or none is set), else UNDO_GRACE_MINUTES from now. */
function deadlineAfterUndo(): SQL<Date | null> {
  return sql<Date | null>`(case when ${winners.collectBy} is null or ${winners.collectBy} > now() then ${winners.collectBy} else now() + make_interval(mins => ${UNDO_GRACE_MINUTES}) end)`;
}

/** Undo a hand-over (a mistap at the desk). Idempotent: a winner not received stays so, 200 either way. */
export async function cancelReceived({ ctx, input }: { ctx: ServiceContext; input: { id: number } }) {
  return retryingTransaction(ctx.db, async (tx) => {
    const [before] = await tx
      .select({ isReceived: winners.isReceived, receivedAt: winners.receivedAt, collectBy: winners.collectBy, erasedAt: winners.erasedAt })
      .from(winners)
      // Another event's winner is unknown here, as an id that does not exist.
      .where(and(eq(winners.id, input.id), eq(winners.eventId, ctx.eventId)))
      .for("update");
    if (!before) throw notFound(WINNER_NOT_FOUND);
    // Undone, an erased win would wait for a visitor nobody can recognise any more.
    if (before.isReceived && before.erasedAt) throw conflict(WINNER_ERASED);
    const [row] = await tx
      .update(winners)
      // The winner keeps the deadline they were told; one that passed while the prize was (wrongly) handed
      // over gets a short grace, so the undo does not expire the win at the next sweep. The desk says which.
      .set(before.isReceived ? { isReceived: false, receivedAt: null, collectBy: deadlineAfterUndo() } : { isReceived: false })
      .where(eq(winners.id, input.id))
      .returning(winnerColumns);
    // Cancelling a hand-over that was not made changes nothing: no row.
    if (before.isReceived) {
      await recordAudit(tx, ctx, {
        action: "winner.cancel_received",
        target: winnerTarget(row!),
        changes: {
          is_received: { before: true, after: false },
          received_at: { before: before.receivedAt, after: null },
          ...(String(before.collectBy) === String(row!.collect_by)
            ? {}
            : { collect_by: { before: before.collectBy, after: row!.collect_by } }),
        },
      });
    }
    return row!;
  });
}
