import { readEventClocks } from "@/db/queries/events";
import { type BackgroundJob, startBackgroundJob } from "@/lib/background-job";
import { getConfig } from "@/lib/config";
import { getDatabase } from "@/lib/database";
import { describeError, log } from "@/lib/log";

/**
 * Every event's clock (server-behaviour.md, "Day boundary and the event's clock"): its settings' `time_zone`,
 * else APP_TIMEZONE, and which event is the installation's default. Every time typed or shown uses its
 * event's zone. The database sessions carry the default event's (db/index.ts setTimeZone); SQL that reads
 * dates for an event names that event's zone itself (db/prize-rules.ts eventZone(): the rules that decide a
 * win, and the admin's date filters and exports), so it never waits for this.
 *
 * Each instance reads the events' zones once a second (one tiny read on the organiser's connections, started
 * with the server: lib/startup.ts), so a change on one instance is in force on every other within a second.
 * No request ever waits for it: a slow or lost database leaves the last known zones in place.
 */
const TIME_ZONE_READ_EVERY_MS = 1_000;

type Clock = { zones: Map<number, string | null>; defaultEventId: number; failing: boolean };

/** Event 1 until the first read: the event an upgraded installation's data became, and the first one made. */
const FIRST_EVENT_ID = 1;

// One per process (Next.js loads this module once per bundle), on globalThis like the database.
const CLOCK_KEY = Symbol.for("prize-giveaway.event-time-zone");
type WithClock = typeof globalThis & { [CLOCK_KEY]?: Clock };

function clock(): Clock {
  const holder = globalThis as WithClock;
  holder[CLOCK_KEY] ??= { zones: new Map(), defaultEventId: FIRST_EVENT_ID, failing: false };
  return holder[CLOCK_KEY];
}

/** Event `eventId`'s time zone (the default event's when none is named) as this process last read it. */
export function eventTimeZone(eventId: number = clock().defaultEventId): string {
  return clock().zones.get(eventId) ?? getConfig().timeZone;
}

/**
 * The installation's default event as this process last read it (within a second of a change): what a
 * call that names no event acts on (lib/services/context.ts), read without a query.
 */
export function defaultEventId(): number {
  return clock().defaultEventId;
}

/** Reads the settings now and follows them; a failure is said here, once per outage, and never thrown. */
async function readEventTimeZones(): Promise<void> {
  const state = clock();
  try {
    const rows = await readEventClocks(getDatabase().organiserDb);
    state.zones = new Map(rows.map((row) => [row.id, row.timeZone]));
    const byDefault = rows.find((row) => row.isDefault);
    if (byDefault) state.defaultEventId = byDefault.id;
    getDatabase().setTimeZone(eventTimeZone());
    state.failing = false;
  } catch (error) {
    // Said once per outage, not every second.
    if (!state.failing) log("warn", "The events' time zones could not be read; keeping the last known ones.", describeError(error, false));
    state.failing = true;
  }
}

/** At start-up, after the migrations: the first read, then one a second (a read still under way skips one) until `stop`. */
export async function followEventTimeZone(): Promise<BackgroundJob> {
  await readEventTimeZones();
  return startBackgroundJob(readEventTimeZones, {
    everyMs: TIME_ZONE_READ_EVERY_MS,
    // Never said: readEventTimeZones catches its own failures, to say them once per outage.
    failure: "The events' time zones could not be read; keeping the last known ones.",
  });
}

/** This process follows event `eventId`'s `stored` zone (the setting; null: APP_TIMEZONE) from now on. */
export function adoptEventTimeZone(eventId: number, stored: string | null): void {
  const state = clock();
  state.zones.set(eventId, stored);
  if (eventId === state.defaultEventId) getDatabase().setTimeZone(eventTimeZone());
}
