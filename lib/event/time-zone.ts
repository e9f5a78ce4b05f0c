import { readDefaultEvent } from "@/db/queries/events";
import { type BackgroundJob, startBackgroundJob } from "@/lib/background-job";
import { getConfig } from "@/lib/config";
import { getDatabase } from "@/lib/database";
import { describeError, log } from "@/lib/log";

/**
 * The default event's clock (server-behaviour.md, "Day boundary and the event's clock"): its settings'
 * `time_zone`, else APP_TIMEZONE, and which event is the installation's default.
 * Every time typed or shown uses it, and the database sessions carry it (db/index.ts setTimeZone), so SQL
 * that reads dates in the session's zone (filters, exports, to_char) follows it too. The rules that decide
 * a win (today's budget, the clock hour, one win a day) do not wait for this: they read the setting inside
 * their own statement (db/prize-rules.ts eventZone()).
 *
 * Each instance reads the setting once a second (one tiny read on the organiser's connections, started
 * with the server: lib/startup.ts), so a change on one instance is in force on every other within a second.
 * No request ever waits for it: a slow or lost database leaves the last known zone in place.
 */
const TIME_ZONE_READ_EVERY_MS = 1_000;

type Clock = { zone: string | null; defaultEventId: number; failing: boolean };

/** Event 1 until the first read: the event an upgraded installation's data became, and the first one made. */
const FIRST_EVENT_ID = 1;

// One per process (Next.js loads this module once per bundle), on globalThis like the database.
const CLOCK_KEY = Symbol.for("prize-giveaway.event-time-zone");
type WithClock = typeof globalThis & { [CLOCK_KEY]?: Clock };

function clock(): Clock {
  const holder = globalThis as WithClock;
  holder[CLOCK_KEY] ??= { zone: null, defaultEventId: FIRST_EVENT_ID, failing: false };
  return holder[CLOCK_KEY];
}

/** The event's time zone as this process last read it (APP_TIMEZONE until the first read). */
export function eventTimeZone(): string {
  return clock().zone ?? getConfig().timeZone;
}

/**
 * The installation's default event as this process last read it (within a second of a change): what a
 * call that names no event acts on (lib/services/context.ts), read without a query.
 */
export function defaultEventId(): number {
  return clock().defaultEventId;
}

/** Reads the setting now and follows it; a failure is said here, once per outage, and never thrown. */
async function readEventTimeZone(): Promise<void> {
  const state = clock();
  try {
    const row = await readDefaultEvent(getDatabase().organiserDb);
    if (row) state.defaultEventId = row.id;
    adoptEventTimeZone(row?.timeZone ?? null);
    state.failing = false;
  } catch (error) {
    // Said once per outage, not every second.
    if (!state.failing) log("warn", "The event's time zone could not be read; keeping the last known one.", describeError(error, false));
    state.failing = true;
  }
}

/** At start-up, after the migrations: the first read, then one a second (a read still under way skips one) until `stop`. */
export async function followEventTimeZone(): Promise<BackgroundJob> {
  await readEventTimeZone();
  return startBackgroundJob(readEventTimeZone, {
    everyMs: TIME_ZONE_READ_EVERY_MS,
    // Never said: readEventTimeZone catches its own failures, to say them once per outage.
    failure: "The event's time zone could not be read; keeping the last known one.",
  });
}

/** This process (and its database sessions) follow `stored` (the setting; null: APP_TIMEZONE) from now on. */
export function adoptEventTimeZone(stored: string | null): void {
  const state = clock();
  state.zone = stored ?? getConfig().timeZone;
  getDatabase().setTimeZone(state.zone);
}
