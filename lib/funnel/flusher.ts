import type { Db } from "@/db";
import { startBackgroundJob } from "@/lib/background-job";
import { eventTimeZone } from "@/lib/event/time-zone";
import { describeError, log } from "@/lib/log";
import { FunnelCounter, type FunnelStep, type PageRef } from "./counter";

/**
 * How often each instance adds its counts to the tallies: a crash loses at most this long of scans,
 * taps, holds and hand-overs (never a win: those are counted from `winners`). server-behaviour.md.
 */
const FLUSH_EVERY_MS = 5_000;

// One counter per process (Next.js loads this module once per bundle: instrumentation starts the flusher,
// route handlers count), on globalThis like the database.
const COUNTER_KEY = Symbol.for("prize-giveaway.funnel-counter");
type WithCounter = typeof globalThis & { [COUNTER_KEY]?: FunnelCounter };

function counter(): FunnelCounter {
  const holder = globalThis as WithCounter;
  holder[COUNTER_KEY] ??= new FunnelCounter(eventTimeZone);
  return holder[COUNTER_KEY];
}

/** Counts one funnel step for a page, in memory: no database work on the visitor's request. */
export function countFunnel(step: FunnelStep, page: PageRef): void {
  counter().count(step, page);
}

/** Adds the counts so far to the tallies now (the flusher's tick, shutdown, and tests through it). */
async function flushFunnel(db: Db): Promise<void> {
  await counter().flush(db);
}

/**
 * Started once at start-up (lib/startup.ts): the flush timer. `stop` flushes a last time, before the
 * database closes. `db` is asked each time: the database's pools are replaced when the event's time zone
 * changes.
 */
export function startFunnelFlusher(db: () => Db): { stop(): Promise<void> } {
  const job = startBackgroundJob(() => flushFunnel(db()), {
    everyMs: FLUSH_EVERY_MS,
    failure: "Funnel counts could not be saved; kept for the next try.",
  });
  return {
    stop: async () => {
      job.stop();
      await flushFunnel(db()).catch((error) => log("warn", "Funnel counts could not be saved at shutdown.", describeError(error, false)));
    },
  };
}
