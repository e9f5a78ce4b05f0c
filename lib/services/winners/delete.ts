import { eq } from "drizzle-orm";
import { winners } from "@/db/schema";
import { notFound } from "@/lib/errors";
import type { ServiceContext } from "../context";
import { WINNER_NOT_FOUND } from "./messages";

/** Removes the record only: the unit is not given back to stock (server-behaviour.md, Winners). */
export async function deleteWinner({ ctx, input }: { ctx: ServiceContext; input: { id: number } }): Promise<void> {
  const deleted = await ctx.db.delete(winners).where(eq(winners.id, input.id)).returning({ id: winners.id });
  if (deleted.length === 0) throw notFound(WINNER_NOT_FOUND);
}
