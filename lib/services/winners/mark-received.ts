import { and, eq, not, sql } from "drizzle-orm";
import { getWinner, receivedClockTime } from "@/db/queries/winners";
import { winners } from "@/db/schema";
import { conflict, notFound } from "@/lib/errors";
import type { ServiceContext } from "../context";
import { WINNER_NOT_FOUND } from "./messages";

export const alreadyHandedOver = (time: string) => `Already handed over at ${time}.`;

/**
 * The prize desk hands a prize over. One conditional UPDATE: of two desks (or one code shown twice) only
 * the first finds the winner not yet received; the second gets 409 with the time it was handed over.
 */
export async function markReceived({ ctx, input }: { ctx: ServiceContext; input: { id: number } }) {
  const [marked] = await ctx.db
    .update(winners)
    .set({ isReceived: true, receivedAt: sql`now()` })
    .where(and(eq(winners.id, input.id), not(winners.isReceived)))
    .returning({ id: winners.id });
  if (marked) return (await getWinner({ db: ctx.db, id: input.id }))!;
  const time = await receivedClockTime({ db: ctx.db, id: input.id });
  if (time === undefined) throw notFound(WINNER_NOT_FOUND);
  throw conflict(alreadyHandedOver(time ?? "--:--"));
}
