import { type SQL, sql } from "drizzle-orm";
import { type EventState, placements, prizes, settings, winners } from "@/db/schema";
import { text } from "@/shared/i18n/text";

/**
 * The prize rules as SQL expressions, shared by the named reads (db/queries) and the services, so every check runs inside the statement that acts on it
 * (server-behaviour.md: races are settled by conditional UPDATEs, never read-then-write).
 */

/**
 * The event's time zone, read inside the statement that uses it: the settings' `time_zone`, else
 * APP_TIMEZONE (each session holds it as app.default_time_zone: db/index.ts; a connection made elsewhere,
 * its own zone). A change of the setting is in force for the next statement on every instance, whatever
 * zone the sessions are on.
 */
export function eventZone(): SQL<string> {
  return sql<string>`coalesce((select ${settings.timeZone} from ${settings} where ${settings.id} = 1), nullif(current_setting('app.default_time_zone', true), ''), current_setting('TimeZone'))`;
}

/** Today's date on the event's clock, from the database clock: all instances agree on when a day starts. */
export function today(): SQL {
  return sql`(now() at time zone ${eventZone()})::date`;
}

/** The instant today began on the event's clock (its midnight). */
export function startOfToday(): SQL {
  return sql`(${today()}::timestamp at time zone ${eventZone()})`;
}

/** The instant the current clock hour began on the event's clock (a zone half an hour off UTC has its own). */
export function startOfThisHour(): SQL {
  return sql`date_trunc('hour', now(), ${eventZone()})`;
}

/** Units handed out today: the stored count only counts for the date it was written on. */
export function distributedToday(): SQL<number> {
  return sql<number>`(case when ${prizes.distributedOn} = ${today()} then ${prizes.todayDistributed} else 0 end)`;
}

/**
 * Live drops of the prize scheduled by hand (`set_aside`): their units are kept apart from automatic
 * placement, so they never count towards "Pages at once" (server-behaviour.md, "Placements and their target").
 */
function setAsideLive(): SQL<number> {
  return sql<number>`(select count(*)::int from ${placements} where ${placements.prizeId} = ${prizes.id} and ${placements.isActive} and ${placements.setAside})`;
}

/** Live placements of the prize that automatic placement keeps up: every live one but the set-aside drops. */
export function automaticLive(): SQL<number> {
  return sql<number>`(select count(*)::int from ${placements} where ${placements.prizeId} = ${prizes.id} and ${placements.isActive} and not ${placements.setAside})`;
}

/**
 * How many placements automatic placement keeps live for a prize (its target; set-aside drops are not among
 * them): 0 when inactive, else min(maintenance_count, remaining_quantity, daily_distribution - distributed
 * today), with the units of the set-aside drops taken out of the stock and of today's budget first. Never
 * more than can still be won, so even if every placement, drops included, were claimed at once stock and
 * the daily limit would hold (the claim's own conditional UPDATE is the second guard).
 */
export function placementTarget(): SQL<number> {
  return sql<number>`(case when not ${prizes.isActive} then 0 else greatest(0, least(${prizes.maintenanceCount}, ${prizes.remainingQuantity} - ${setAsideLive()}, ${prizes.dailyDistribution} - ${distributedToday()} - ${setAsideLive()})) end)`;
}

/** The prize can be won right now: active, in stock, today's budget and this hour's not used up. */
export function prizeWinnable(): SQL<boolean> {
  return sql<boolean>`(${prizes.isActive} and ${prizes.remainingQuantity} > 0 and ${distributedToday()} < ${prizes.dailyDistribution} and ${hourBudgetLeft()})`;
}

/** Said in the caller's language (messages/*.json). */
export const HELD_NOW = text("errors.placements.heldNow");

/** A visitor holds this live placement right now (an expired hold counts as free; a won one is not held). */
export function heldNow(): SQL<boolean> {
  return sql<boolean>`(${placements.isActive} and ${placements.reservedUntil} is not null and ${placements.reservedUntil} > now())`;
}

/** Units of the prize won in the current clock hour (the event's clock): 0 in a new hour. */
export function distributedThisHour(): SQL<number> {
  return sql<number>`(case when ${prizes.distributedHour} = ${startOfThisHour()} then ${prizes.hourDistributed} else 0 end)`;
}

/** Wins alone leave room under the hourly limit (live holds are counted where a hold is taken: reservable.ts). */
export function hourBudgetLeft(): SQL<boolean> {
  return sql<boolean>`(${prizes.hourlyLimit} is null or ${distributedThisHour()} < ${prizes.hourlyLimit})`;
}

/**
 * The event's state now, from the settings row: `not_started` / `ended` outside the opening hours, else
 * `paused` while the pause switch is on, else `open` (server-behaviour.md, "The event's rules").
 */
export function eventState(): SQL<EventState> {
  return sql<EventState>`(select case
      when ${settings.eventStartsAt} is not null and now() < ${settings.eventStartsAt} then 'not_started'
      when ${settings.eventEndsAt} is not null and now() >= ${settings.eventEndsAt} then 'ended'
      when ${settings.paused} then 'paused'
      else 'open' end
    from ${settings} where ${settings.id} = 1)`;
}

/**
 * Visitor `me` has reached the win limit: `one_per_day` counts their wins since midnight on the event's clock,
 * `one_per_event` all of them (winners_visitor_idx answers both).
 */
export function winLimitReached(me: string | SQL): SQL<boolean> {
  return sql<boolean>`coalesce((select ${settings.winsPerVisitor} <> 'unlimited' and exists (
      select 1 from ${winners} won where won.visitor_id = ${me}
        and (${settings.winsPerVisitor} = 'one_per_event' or won.created_at >= ${startOfToday()}))
    from ${settings} where ${settings.id} = 1), false)`;
}

/**
 * The placement has dropped: it has no drop time, or that time has come on the database's clock (never
 * the app's: every instance and every phone agree on the second). Before it nobody can hold it.
 */
export function dropped(): SQL<boolean> {
  return sql<boolean>`(${placements.dropsAt} is null or ${placements.dropsAt} <= now())`;
}

/** The time of the placement's announced drop still to come, else null (a winning moment is never said). */
export function announcedDropAt(): SQL<Date | null> {
  return sql<Date | null>`(case when ${placements.announce} and ${placements.dropsAt} > now() then ${placements.dropsAt} end)`;
}
