import { type SQL, sql } from "drizzle-orm";
import type { Queryable } from "@/db";
import { winnerTallies } from "@/db/schema";

/**
 * Winner counts read from `winner_tallies` (kept exact by a trigger on winners; see its schema file)
 * instead of counting winner rows.
 */

/** Winners of the prize in `prizeId` (a column or a value), all received states. */
export const tallyOfPrize = (prizeId: SQL | number) =>
  sql<number>`(select coalesce(sum(${winnerTallies.winners}), 0)::int from ${winnerTallies} where ${winnerTallies.prizeId} = ${prizeId})`;

/** Winners on the product page in `productId` (a column or a value). */
export const tallyOfProduct = (productId: SQL | number) =>
  sql<number>`(select coalesce(sum(${winnerTallies.winners}), 0)::int from ${winnerTallies} where ${winnerTallies.productId} = ${productId})`;

/** How many winners match filters on prize, page and received only; other filters need the winner rows. */
export async function countByTallies(db: Queryable, filter: { prize?: number; product?: number; is_received?: boolean }): Promise<number> {
  const conditions = [
    filter.prize === undefined ? undefined : sql`${winnerTallies.prizeId} = ${filter.prize}`,
    filter.product === undefined ? undefined : sql`${winnerTallies.productId} = ${filter.product}`,
    filter.is_received === undefined ? undefined : sql`${winnerTallies.isReceived} = ${filter.is_received}`,
  ].filter((condition): condition is SQL => condition !== undefined);
  const where = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${winnerTallies.winners}), 0)::int` })
    .from(sql`${winnerTallies} ${where}`);
  return row?.total ?? 0;
}

/** Winners and received winners per key (`prize_id` or `product_id`), as a subquery to join. */
export const talliesBy = (key: "prize_id" | "product_id") =>
  sql`(select ${sql.identifier(key)} as key, sum(winners)::int as total, (sum(winners) filter (where is_received))::int as received from ${winnerTallies} group by 1)`;
