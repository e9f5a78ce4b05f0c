import { and, asc, eq, sql } from "drizzle-orm";
import { distributedToday, today } from "@/db/prize-rules";
import { prizes } from "@/db/schema";
import { notFound } from "@/lib/errors";
import { MESSAGES } from "@/lib/messages";
import { recordAudit } from "../audit/record";
import type { ServiceContext } from "../context";
import { replenishPrizes } from "../placements/maintain";
import { retryingTransaction } from "../transaction";

/**
 * Sets today's handed-out count of one prize (or of every prize) of the call's event back to 0; targets rise, so top up.
 * The answer does not wait for the top-up: under a crowd it queues behind every win's own top-up for the
 * placement lock (21 s under 300 visitors), and it is best effort anyway (the 30-second tick retries).
 */
export async function resetDailyCounter({ ctx, input }: { ctx: ServiceContext; input: { id: number | "all" } }) {
  const scope = and(eq(prizes.eventId, ctx.eventId), input.id === "all" ? undefined : eq(prizes.id, input.id));
  const reset = await retryingTransaction(ctx.db, async (tx) => {
    // Rows locked in id order first, as the maintenance tick locks them, so the two cannot deadlock.
    const before = await tx
      .select({ id: prizes.id, name: prizes.name, today: distributedToday() })
      .from(prizes)
      .where(scope)
      .orderBy(asc(prizes.id))
      .for("update");
    const rows = await tx
      .update(prizes)
      .set({ todayDistributed: 0, distributedOn: sql`${today(prizes.eventId)}`, updatedAt: sql`now()` })
      .where(scope)
      .returning({ id: prizes.id });
    if (input.id === "all") {
      await recordAudit(tx, ctx, {
        action: "prize.reset_all_daily",
        target: { type: "prize", name: `${rows.length} prizes` },
        changes: {
          todayDistributed: { before: Object.fromEntries(before.map((prize) => [`${prize.name} (#${prize.id})`, prize.today])), after: 0 },
        },
      });
    } else if (before[0]) {
      await recordAudit(tx, ctx, {
        action: "prize.reset_daily",
        target: { type: "prize", id: before[0].id, name: before[0].name },
        changes: { todayDistributed: { before: before[0].today, after: 0 } },
      });
    }
    return rows;
  });
  if (input.id !== "all" && reset.length === 0) throw notFound(MESSAGES.prizeNotFound);
  void replenishPrizes(
    ctx.db,
    reset.map((prize) => prize.id),
  );
  return { count: reset.length };
}
