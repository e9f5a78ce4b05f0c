import { eq, sql } from "drizzle-orm";
import { prizes } from "@/db/schema";
import { notFound } from "@/lib/errors";
import type { ServiceContext } from "../context";
import { rebalancePrize } from "../placements/maintain";
import { today } from "./budget";

/** Sets today's handed-out count of one prize (or of every prize) back to 0; targets rise, so top up. */
export async function resetDailyCounter({ ctx, input }: { ctx: ServiceContext; input: { id: number | "all" } }) {
  const reset = await ctx.db
    .update(prizes)
    .set({ todayDistributed: 0, distributedOn: sql`${today()}`, updatedAt: sql`now()` })
    .where(input.id === "all" ? sql`true` : eq(prizes.id, input.id))
    .returning({ id: prizes.id });
  if (input.id !== "all" && reset.length === 0) throw notFound("Prize not found.");
  for (const prize of reset) await rebalancePrize(ctx.db, prize.id);
  return { count: reset.length };
}
