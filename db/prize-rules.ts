import { type SQL, sql } from "drizzle-orm";
import { placements, prizes } from "@/db/schema";

/**
 * The prize rules as SQL expressions, shared by the named reads (db/queries) and the services, so every check runs inside the statement that acts on it
 * (server-behaviour.md: races are settled by conditional UPDATEs, never read-then-write).
 */

/**
 * Today's date in APP_TIMEZONE, from the database clock: all instances agree on when a day starts. Every
 * connection carries APP_TIMEZONE as its session time zone (db/index.ts), so this is `current_date`.
 */
export function today(): SQL {
  return sql`current_date`;
}

/** Units handed out today: the stored count only counts for the date it was written on. */
export function distributedToday(): SQL<number> {
  return sql<number>`(case when ${prizes.distributedOn} = ${today()} then ${prizes.todayDistributed} else 0 end)`;
}

/**
 * How many placements a prize should have live: 0 when inactive, else
 * min(maintenance_count, remaining_quantity, daily_distribution - distributed today).
 * Never more than can still be won, so even if every placement were claimed at once stock and the
 * daily limit would hold (the claim's own conditional UPDATE is the second guard).
 */
export function placementTarget(): SQL<number> {
  return sql<number>`(case when not ${prizes.isActive} then 0 else greatest(0, least(${prizes.maintenanceCount}, ${prizes.remainingQuantity}, ${prizes.dailyDistribution} - ${distributedToday()})) end)`;
}

/** The prize can be won right now: active, in stock, today's budget not used up. */
export function prizeWinnable(): SQL<boolean> {
  return sql<boolean>`(${prizes.isActive} and ${prizes.remainingQuantity} > 0 and ${distributedToday()} < ${prizes.dailyDistribution})`;
}

export const HELD_NOW = "A visitor is claiming this prize right now. Try again in a minute, when their hold ends.";

/** A visitor holds this live placement right now (an expired hold counts as free; a won one is not held). */
export function heldNow(): SQL<boolean> {
  return sql<boolean>`(${placements.isActive} and ${placements.reservedUntil} is not null and ${placements.reservedUntil} > now())`;
}
