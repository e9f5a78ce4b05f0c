import { and, eq, sql } from "drizzle-orm";
import { placements } from "@/db/schema";
import type { ServiceContext } from "../context";
import { productIdOf } from "./reserve";

/**
 * PATCH .../prize/claim/: the visitor lets go of their hold (closing the form or the page). Idempotent.
 * The hold is ended (its expiry set to now), not erased, so the re-take pause applies to it.
 */
export async function cancelReservation({ ctx, input }: { ctx: ServiceContext; input: { urlPath: string; visitorId: string } }) {
  await ctx.db
    .update(placements)
    .set({ reservedUntil: sql`now()` })
    .where(
      and(
        eq(placements.reservedBy, input.visitorId),
        eq(placements.isActive, true),
        sql`${placements.reservedUntil} > now()`,
        eq(placements.productId, productIdOf(input.urlPath)),
      ),
    );
}
