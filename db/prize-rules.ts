import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { type EventState, placements, prizes } from "@/db/schema";
import { text } from "@/shared/i18n/text";

/**
 * The prize rules as SQL expressions, shared by the named reads (db/queries) and the services, so every check runs inside the statement that acts on it
 * (server-behaviour.md: races are settled by conditional UPDATEs, never read-then-write).
 */

/**
 * Which event a rule reads: its id (an admin call's event) or the event column of the row the statement is
 * about (a product page's, a placement's, a prize's), so a visitor's call follows the event of what they scanned.
 */
export type EventRef = number | SQL | AnyPgColumn;

// The rules' own subqueries name their tables by these aliases: drizzle writes a column without its table
// inside a one-table select, where `settings.id = event_id` could otherwise bind to the outer row's columns.
// Every rule that reads an event's settings goes through `eventSettings`.

/** One column of the event's settings row (and its events row: `status`), as a subquery. */
function eventSettings(event: EventRef, expression: string): SQL {
  return sql`(select ${sql.raw(expression)} from settings event_settings join events event_row on event_row.id = event_settings.id where event_settings.id = ${event})`;
}

/**
 * The event's time zone, read inside the statement that uses it: its settings' `time_zone`, else
 * APP_TIMEZONE (each session holds it as app.default_time_zone: db/index.ts; a connection made elsewhere,
 * its own zone). A change of the setting is in force for the next statement on every instance, whatever
 * zone the sessions are on.
 */
export function eventZone(event: EventRef): SQL<string> {
  return sql<string>`coalesce(${eventSettings(event, "event_settings.time_zone")}, nullif(current_setting('app.default_time_zone', true), ''), current_setting('TimeZone'))`;
}

/** Today's date on the event's clock, from the database clock: all instances agree on when a day starts. */
export function today(event: EventRef): SQL {
  return sql`(now() at time zone ${eventZone(event)})::date`;
}

/** The instant today began on the event's clock (its midnight). */
export function startOfToday(event: EventRef): SQL {
  return sql`(${today(event)}::timestamp at time zone ${eventZone(event)})`;
}

/** The instant day `date` (YYYY-MM-DD) began on the event's clock: a date filter's inclusive start. */
export function startOfDay(date: string, event: EventRef): SQL {
  return sql`(${date}::date::timestamp at time zone ${eventZone(event)})`;
}

/** The instant the day after `date` began on the event's clock: a date filter's exclusive end. */
export function startOfDayAfter(date: string, event: EventRef): SQL {
  return sql`((${date}::date + 1)::timestamp at time zone ${eventZone(event)})`;
}

/** `instant` written as `format` on the event's clock (to_char), whatever the session's zone. */
export function onEventClock(instant: SQL | AnyPgColumn, format: string, event: EventRef): SQL<string> {
  return sql<string>`to_char(${instant} at time zone ${eventZone(event)}, ${sql.raw(`'${format}'`)})`;
}

/** The instant the current clock hour began on the event's clock (a zone half an hour off UTC has its own). */
export function startOfThisHour(event: EventRef): SQL {
  return sql`date_trunc('hour', now(), ${eventZone(event)})`;
}

/** Units of the prize handed out today (its event's day): the stored count only counts for the date it was written on. */
export function distributedToday(): SQL<number> {
  return sql<number>`(case when ${prizes.distributedOn} = ${today(prizes.eventId)} then ${prizes.todayDistributed} else 0 end)`;
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

/** Units of the prize won in the current clock hour (its event's clock): 0 in a new hour. */
export function distributedThisHour(): SQL<number> {
  return sql<number>`(case when ${prizes.distributedHour} = ${startOfThisHour(prizes.eventId)} then ${prizes.hourDistributed} else 0 end)`;
}

/** Wins alone leave room under the hourly limit (live holds are counted where a hold is taken: reservable.ts). */
export function hourBudgetLeft(): SQL<boolean> {
  return sql<boolean>`(${prizes.hourlyLimit} is null or ${distributedThisHour()} < ${prizes.hourlyLimit})`;
}

/**
 * The event's state now: `not_started` for a draft and before its opening hours, `ended` once closed and
 * after them, else `paused` while the pause switch is on, else `open` (server-behaviour.md, "The event's
 * rules" and "Several events").
 */
export function eventState(event: EventRef): SQL<EventState> {
  return sql<EventState>`${eventSettings(
    event,
    `case
      when event_row.status = 'draft' then 'not_started'
      when event_row.status = 'closed' then 'ended'
      when event_settings.event_starts_at is not null and now() < event_settings.event_starts_at then 'not_started'
      when event_settings.event_ends_at is not null and now() >= event_settings.event_ends_at then 'ended'
      when event_settings.paused then 'paused'
      else 'open' end`,
  )}`;
}

/**
 * Visitor `me` has reached the event's win limit: `one_per_day` counts their wins in this event since
 * midnight on its clock, `one_per_event` all of their wins in it (winners_visitor_idx answers both). Wins in
 * another event never count.
 */
export function winLimitReached(me: string | SQL, event: EventRef): SQL<boolean> {
  return sql<boolean>`coalesce((select limits.wins_per_visitor <> 'unlimited' and exists (
      select 1 from winners won where won.visitor_id = ${me} and won.event_id = limits.id
        and (limits.wins_per_visitor = 'one_per_event' or won.created_at >= ${startOfToday(event)}))
    from settings limits where limits.id = ${event}), false)`;
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
