import { type SQL, sql } from "drizzle-orm";
import type { Queryable } from "@/db";
import { startOfDay, startOfDayAfter } from "@/db/prize-rules";
import { winnerHourlyTallies, winners, winnerTallies } from "@/db/schema";
import type { WinnerStatus } from "@/shared/contracts/winners";

/**
 * Winner counts read from `winner_tallies` (kept exact by a trigger on winners; see its schema file)
 * instead of counting winner rows.
 */

/**
 * Winners of the prize in `prizeId` of event `eventId` (columns or values), all received states. The event too:
 * the tallies' key leads with it, and by the prize alone every event's tally rows were read (3-16 ms a prize at
 * 100,000 winners over 5 events).
 */
export const tallyOfPrize = (eventId: SQL | number, prizeId: SQL | number) =>
  sql<number>`(select coalesce(sum(${winnerTallies.winners}), 0)::int from ${winnerTallies} where ${winnerTallies.eventId} = ${eventId} and ${winnerTallies.prizeId} = ${prizeId})`;

/** Winners on the product page in `productId` (a column or a value). */
export const tallyOfProduct = (productId: SQL | number) =>
  sql<number>`(select coalesce(sum(${winnerTallies.winners}), 0)::int from ${winnerTallies} where ${winnerTallies.productId} = ${productId})`;

/** The tally rows of one status (a received win is never expired). */
function tallyStatus(status: WinnerStatus): SQL {
  if (status === "received") return sql`${winnerTallies.isReceived}`;
  if (status === "expired") return sql`${winnerTallies.isExpired}`;
  return sql`not ${winnerTallies.isReceived} and not ${winnerTallies.isExpired}`;
}

/** How many of the event's winners match filters on prize, page and received only; other filters need the winner rows. */
export async function countByTallies(
  db: Queryable,
  eventId: number,
  filter: { prize?: number; product?: number; is_received?: boolean; status?: WinnerStatus },
): Promise<number> {
  const conditions = [
    sql`${winnerTallies.eventId} = ${eventId}`,
    filter.status === undefined ? undefined : tallyStatus(filter.status),
    filter.prize === undefined ? undefined : sql`${winnerTallies.prizeId} = ${filter.prize}`,
    filter.product === undefined ? undefined : sql`${winnerTallies.productId} = ${filter.product}`,
    filter.is_received === undefined ? undefined : sql`${winnerTallies.isReceived} = ${filter.is_received}`,
  ].filter((condition): condition is SQL => condition !== undefined);
  const where = sql`where ${sql.join(conditions, sql` and `)}`;
  const [row] = await db
    .select({ total: sql<number>`coalesce(sum(${winnerTallies.winners}), 0)::int` })
    .from(sql`${winnerTallies} ${where}`);
  return row?.total ?? 0;
}

/** The event's winners, received and expired winners per key (`prize_id` or `product_id`), as a subquery to join. */
export const talliesBy = (key: "prize_id" | "product_id", eventId: number) =>
  sql`(select ${sql.identifier(key)} as key, sum(winners)::int as total, (sum(winners) filter (where is_received))::int as received, (sum(winners) filter (where is_expired))::int as expired from ${winnerTallies} where event_id = ${eventId} group by 1)`;

/**
 * How many of the event's winners fall in a date range (days on the event's clock), optionally received or
 * not: whole UTC hours inside the range are read from `winner_hourly_tallies`, and the part-hours at its edges
 * (only in zones off UTC by a fraction of an hour) are counted from the winner rows, so the sum is exact.
 */
export async function countByHourlyTallies(
  db: Queryable,
  eventId: number,
  filter: { start_date?: string; end_date?: string; is_received?: boolean },
): Promise<number> {
  const from = filter.start_date ? startOfDay(filter.start_date, eventId) : sql`'-infinity'::timestamptz`;
  const to = filter.end_date ? startOfDayAfter(filter.end_date, eventId) : sql`'infinity'::timestamptz`;
  const tallyReceived = filter.is_received === undefined ? sql`` : sql`and ${winnerHourlyTallies.isReceived} = ${filter.is_received}`;
  const rowReceived = filter.is_received === undefined ? sql`` : sql`and ${winners.isReceived} = ${filter.is_received}`;
  const rowsBetween = (start: SQL, end: SQL) =>
    sql`(select count(*) from ${winners} where ${winners.eventId} = ${eventId} and ${winners.createdAt} >= ${start} and ${winners.createdAt} < ${end} ${rowReceived})`;
  const total = sql<number>`(case when first_hour <= end_hour then
      coalesce((select sum(${winnerHourlyTallies.winners}) from ${winnerHourlyTallies}
        where ${winnerHourlyTallies.eventId} = ${eventId} and ${winnerHourlyTallies.hourUtc} >= first_hour and ${winnerHourlyTallies.hourUtc} < end_hour ${tallyReceived}), 0)
      + ${rowsBetween(sql`starts`, sql`(first_hour at time zone 'UTC')`)}
      + ${rowsBetween(sql`(end_hour at time zone 'UTC')`, sql`ends`)}
    else ${rowsBetween(sql`starts`, sql`ends`)} end)::int`;
  const [row] = await db.select({ total }).from(sql`(select ${from} as starts, ${to} as ends) as range_bounds,
      -- the first whole UTC hour at or after the start, and the last hour boundary at or before the end
      lateral (select date_trunc('hour', (starts at time zone 'UTC') + interval '1 hour' - interval '1 microsecond') as first_hour,
        date_trunc('hour', ends at time zone 'UTC') as end_hour) as hours`);
  return Number(row?.total ?? 0);
}
