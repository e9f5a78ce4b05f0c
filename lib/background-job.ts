import { describeError, log } from "@/lib/log";

export type BackgroundJob = {
  /** No more runs (a run under way finishes on its own). */
  stop(): void;
};

export type BackgroundJobOptions = {
  /** Milliseconds from one run's start to the next's. */
  everyMs: number;
  /** Runs once as it starts too; otherwise the first run is `everyMs` later. */
  runAtStart?: boolean;
  /** The warning logged when a run fails (with the error's message and code), saying what happens next. */
  failure: string;
};

/**
 * The one way this process runs work in the background (the sweeps, the maintenance tick, the funnel's
 * flush, the event's clock): `work` every `everyMs`. A run still going when the next is due skips that
 * beat, so two never overlap; a failure is logged, never thrown (the next beat is the retry); the timer never
 * keeps the process alive on its own, and the caller stops it at shutdown (lib/startup.ts).
 */
export function startBackgroundJob(
  work: () => Promise<unknown>,
  { everyMs, runAtStart = false, failure }: BackgroundJobOptions,
): BackgroundJob {
  let running = false;
  const beat = () => {
    if (running) return;
    running = true;
    work()
      .catch((error: unknown) => log("warn", failure, describeError(error, false)))
      .finally(() => {
        running = false;
      });
  };
  if (runAtStart) beat();
  const timer = setInterval(beat, everyMs);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
