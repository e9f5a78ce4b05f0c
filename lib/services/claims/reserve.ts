import { and, eq, sql } from "drizzle-orm";
import { prizeWinnable } from "@/db/prize-rules";
import { prizeDistributions, prizes, products } from "@/db/schema";
import { getConfig } from "@/lib/config";
import { conflict, notFound } from "@/lib/errors";
import type { ServiceContext } from "../context";

/** The product page's id as a subquery, so the UPDATE that acts on it also finds it. */
export function productIdOf(urlPath: string) {
  return sql`(select ${products.id} from ${products} where ${products.urlPath} = ${urlPath})`;
}

export const TAKEN = "Sorry, someone else got there first.";
export const NO_PRODUCT = "Product information not found.";

/**
 * A visitor taps the ticket. One conditional UPDATE decides the race: it takes the page's live placement
 * only if the prize can still be won and the placement is free, its hold expired, or already this
 * visitor's. The visitor's own live hold keeps its expiry (asking again never extends it). Zero rows
 * means someone else holds it, or nothing is waiting here: 409.
 */
export async function reservePrize({ ctx, input }: { ctx: ServiceContext; input: { urlPath: string; visitorId: string } }) {
  const holdSeconds = getConfig().reservationSeconds;
  const [held] = await ctx.db
    .update(prizeDistributions)
    .set({
      reservedBy: input.visitorId,
      reservedUntil: sql`case when ${prizeDistributions.reservedBy} = ${input.visitorId} and ${prizeDistributions.reservedUntil} > now()
        then ${prizeDistributions.reservedUntil} else now() + make_interval(secs => ${holdSeconds}) end`,
    })
    .where(
      and(
        eq(prizeDistributions.productId, productIdOf(input.urlPath)),
        eq(prizeDistributions.isActive, true),
        sql`exists (select 1 from ${prizes} where ${prizes.id} = ${prizeDistributions.prizeId} and ${prizeWinnable()})`,
        sql`(${prizeDistributions.reservedUntil} is null or ${prizeDistributions.reservedUntil} <= now() or ${prizeDistributions.reservedBy} = ${input.visitorId})`,
      ),
    )
    .returning({
      reservedUntil: prizeDistributions.reservedUntil,
      secondsLeft: sql<number>`ceil(extract(epoch from ${prizeDistributions.reservedUntil} - now()))::int`,
    });
  if (held) return { reservedUntil: held.reservedUntil!, secondsLeft: held.secondsLeft };
  const [product] = await ctx.db.select({ id: products.id }).from(products).where(eq(products.urlPath, input.urlPath));
  throw product ? conflict(TAKEN) : notFound(NO_PRODUCT);
}

/** PATCH .../prize/claim/: the visitor lets go of their hold (closing the form or the page). Idempotent. */
export async function cancelReservation({ ctx, input }: { ctx: ServiceContext; input: { urlPath: string; visitorId: string } }) {
  await ctx.db
    .update(prizeDistributions)
    .set({ reservedBy: null, reservedUntil: null })
    .where(
      and(
        eq(prizeDistributions.reservedBy, input.visitorId),
        eq(prizeDistributions.isActive, true),
        eq(prizeDistributions.productId, productIdOf(input.urlPath)),
      ),
    );
}
