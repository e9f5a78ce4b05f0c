import { and, eq, sql } from "drizzle-orm";
import { prizeDistributions } from "@/db/schema";
import type { ServiceContext } from "../context";
import { productIdOf } from "./reserve";

/**
 * PATCH .../prize/claim/: the visitor lets go of their hold (closing the form or the page). Idempotent.
 * The hold is ended (its expiry set to now), not erased, so the re-take pause applies to it.
 */
export async function cancelReservation({ ctx, input }: { ctx: ServiceContext; input: { urlPath: string; visitorId: string } }) {
  await ctx.db
    .update(prizeDistributions)
    .set({ reservedUntil: sql`now()` })
    .where(
      and(
        eq(prizeDistributions.reservedBy, input.visitorId),
        eq(prizeDistributions.isActive, true),
        sql`${prizeDistributions.reservedUntil} > now()`,
        eq(prizeDistributions.productId, productIdOf(input.urlPath)),
      ),
    );
}
