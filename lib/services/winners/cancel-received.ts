import { eq } from "drizzle-orm";
import { winnerColumns } from "@/db/queries/winners";
import { winners } from "@/db/schema";
import { notFound } from "@/lib/errors";
import type { ServiceContext } from "../context";
import { WINNER_NOT_FOUND } from "./messages";

/** Undo a hand-over (a mistap at the desk). Idempotent: a winner not received stays so, 200 either way. */
export async function cancelReceived({ ctx, input }: { ctx: ServiceContext; input: { id: number } }) {
  const [row] = await ctx.db
    .update(winners)
    .set({ isReceived: false, receivedAt: null })
    .where(eq(winners.id, input.id))
    .returning(winnerColumns);
  if (!row) throw notFound(WINNER_NOT_FOUND);
  return row;
}
