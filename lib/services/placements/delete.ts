import { and, eq, sql } from "drizzle-orm";
import { HELD_NOW, heldNow } from "@/db/prize-rules";
import { placements } from "@/db/schema";
import { conflict, notFound } from "@/lib/errors";
import { MESSAGES } from "@/lib/messages";
import type { ServiceContext } from "../context";

/** DELETE /api/prize-distributions/{id}/: refused while a visitor holds it. */
export async function deletePlacement({ ctx, input }: { ctx: ServiceContext; input: { id: number } }): Promise<void> {
  const deleted = await ctx.db
    .delete(placements)
    .where(and(eq(placements.id, input.id), sql`not ${heldNow()}`))
    .returning({ id: placements.id });
  if (deleted.length > 0) return;
  const [exists] = await ctx.db.select({ id: placements.id }).from(placements).where(eq(placements.id, input.id));
  throw exists ? conflict(HELD_NOW) : notFound(MESSAGES.placementNotFound);
}
