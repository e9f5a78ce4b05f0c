import { asc, eq, sql } from "drizzle-orm";
import { today } from "@/db/prize-rules";
import { prizes } from "@/db/schema";
import { notFound } from "@/lib/errors";
import type { ServiceContext } from "../context";
import { replenishPrizes } from "../placements/maintain";

/**
 * Sets today's handed-out count of one prize (or of every prize) back to 0; targets rise, so top up.
 * The answer does not wait for the top-up: under a crowd it queues behind every win's own top-up for the
 * placement lock (21 s under 300 visitors), and it is best effort anyway (the 30-second tick retries).
 */
export async function resetDailyCounter({ ctx, input }: { ctx: ServiceContext; input: { id: number | "all" } }) {
  const scope = input.id === "all" ? sql`true` : eq(prizes.id, input.id);
  const reset = await ctx.db.transaction(async (tx) => {
    // Rows locked in id order first, as the maintenance tick locks them, so the two cannot deadlock.
    await tx.select({ id: prizes.id }).from(prizes).where(scope).orderBy(asc(prizes.id)).for("update");
    return tx
      .update(prizes)
      .set({ todayDistributed: 0, distributedOn: sql`${today()}`, updatedAt: sql`now()` })
      .where(scope)
      .returning({ id: prizes.id });
  });
  if (input.id !== "all" && reset.length === 0) throw notFound("Prize not found.");
  void replenishPrizes(
    ctx.db,
    reset.map((prize) => prize.id),
  );
  return { count: reset.length };
}
