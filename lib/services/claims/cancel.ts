import { and, eq, sql } from "drizzle-orm";
import { placements } from "@/db/schema";
import type { ServiceContext } from "../context";
import { productIdOf } from "./reserve";

/**
 * How long a hold outlives its page (a reload, or leaving): the reloaded page asks again within it and gets
 * the hold back with its first end (reserve.ts); a page really left frees the prize this much later.
 */
const LEAVE_GRACE_SECONDS = 10;

/**
 * PATCH .../prize/claim/: the visitor lets go of their hold (closing the form). Idempotent. The hold is
 * ended (its expiry set to now), not erased, so the re-take pause applies to it. `leaving` (the page going
 * away: a reload looks the same as leaving to the page) ends it LEAVE_GRACE_SECONDS from now instead, or
 * sooner if it ends sooner anyway.
 */
export async function cancelReservation({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { urlPath: string; visitorId: string; leaving?: boolean };
}) {
  await ctx.db
    .update(placements)
    .set({
      reservedUntil: input.leaving
        ? sql`least(${placements.reservedUntil}, now() + make_interval(secs => ${LEAVE_GRACE_SECONDS}))`
        : sql`now()`,
    })
    .where(
      and(
        eq(placements.reservedBy, input.visitorId),
        eq(placements.isActive, true),
        sql`${placements.reservedUntil} > now()`,
        eq(placements.productId, productIdOf(input.urlPath)),
      ),
    );
}
