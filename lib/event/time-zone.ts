import { eq } from "drizzle-orm";
import { settings } from "@/db/schema";
import { getConfig } from "@/lib/config";
import { getDatabase } from "@/lib/database";
import { describeError, log } from "@/lib/log";

/**
 * The event's clock (server-behaviour.md, "Field fixes"): the settings' `time_zone`, else APP_TIMEZONE.
 * Every time typed or shown uses it, and the database sessions carry it (db/index.ts setTimeZone), so SQL
 * that reads dates in the session's zone (filters, exports, to_char) follows it too. The rules that decide
 * a win (today's budget, the clock hour, one win a day) do not wait for this: they read the setting inside
 * their own statement (db/prize-rules.ts eventZone()).
 *
 * Each instance reads the setting again at most TIME_ZONE_FRESH_MS after its last read, when a request
 * needs it (the route wrapper, every page's i18n config): a change on one instance is in force on every
 * other one at its next request a second later. Nothing runs while no request comes.
 */
export const TIME_ZONE_FRESH_MS = 1_000;

type Clock = { zone: string | null; readAt: number; reading: Promise<string> | null };

// One per process (Next.js loads this module once per bundle), on globalThis like the database.
const CLOCK_KEY = Symbol.for("prize-giveaway.event-time-zone");
type WithClock = typeof globalThis & { [CLOCK_KEY]?: Clock };

function clock(): Clock {
  const holder = globalThis as WithClock;
  holder[CLOCK_KEY] ??= { zone: null, readAt: 0, reading: null };
  return holder[CLOCK_KEY];
}

/** The event's time zone as this process last read it (APP_TIMEZONE until the first read). */
export function eventTimeZone(): string {
  return clock().zone ?? getConfig().timeZone;
}

/**
 * The event's time zone, read again when the last read is older than TIME_ZONE_FRESH_MS. Requests that
 * come while a read is under way take the last known zone rather than wait; one that fails keeps it.
 */
export async function freshEventTimeZone(): Promise<string> {
  const state = clock();
  if (state.zone !== null && (performance.now() - state.readAt < TIME_ZONE_FRESH_MS || state.reading)) return state.zone;
  state.reading ??= readEventTimeZone().finally(() => {
    state.reading = null;
  });
  return state.reading;
}

async function readEventTimeZone(): Promise<string> {
  try {
    const [row] = await getDatabase().db.select({ timeZone: settings.timeZone }).from(settings).where(eq(settings.id, 1));
    adoptEventTimeZone(row?.timeZone ?? null);
  } catch (error) {
    // A database that cannot answer: the last known zone stands; the next request a second later asks again.
    clock().readAt = performance.now();
    log("warn", "The event's time zone could not be read; keeping the last known one.", describeError(error, false));
  }
  return eventTimeZone();
}

/** This process (and its database sessions) follow `stored` (the setting; null: APP_TIMEZONE) from now on. */
export function adoptEventTimeZone(stored: string | null): void {
  const state = clock();
  state.zone = stored ?? getConfig().timeZone;
  state.readAt = performance.now();
  getDatabase().setTimeZone(state.zone);
}
