import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startBackgroundJob } from "@/lib/background-job";

/** A run that finishes only when the test says so. */
function heldRun() {
  let finish: (outcome?: Error) => void = () => {};
  const run = new Promise<void>((resolve, reject) => {
    finish = (outcome) => (outcome ? reject(outcome) : resolve());
  });
  return { run, finish };
}

describe("startBackgroundJob", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("runs every everyMs, the first a beat after it starts, and no more once stopped", async () => {
    const work = vi.fn(async () => {});
    const job = startBackgroundJob(work, { everyMs: 1000, failure: "never" });
    expect(work).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(3000);
    expect(work).toHaveBeenCalledTimes(3);
    job.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(work).toHaveBeenCalledTimes(3);
  });

  it("with runAtStart, runs as it starts too", async () => {
    const work = vi.fn(async () => {});
    const job = startBackgroundJob(work, { everyMs: 1000, runAtStart: true, failure: "never" });
    expect(work).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(work).toHaveBeenCalledTimes(2);
    job.stop();
  });

  it("skips the beats that come while a run is still going: never two at once", async () => {
    const runs: Array<ReturnType<typeof heldRun>> = [];
    const work = vi.fn(() => {
      const held = heldRun();
      runs.push(held);
      return held.run;
    });
    const job = startBackgroundJob(work, { everyMs: 1000, failure: "never" });
    await vi.advanceTimersByTimeAsync(3500);
    expect(work).toHaveBeenCalledTimes(1);
    runs[0]!.finish();
    await vi.advanceTimersByTimeAsync(500);
    expect(work).toHaveBeenCalledTimes(2);
    job.stop();
    runs[1]!.finish();
  });

  it("logs a failed run as a warning with the error's message, and runs again at the next beat", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const work = vi.fn(async () => {
      throw new Error("database away");
    });
    const job = startBackgroundJob(work, { everyMs: 1000, failure: "The sweep failed; the next one retries" });
    await vi.advanceTimersByTimeAsync(2000);
    job.stop();
    expect(work).toHaveBeenCalledTimes(2);
    expect(warn).toHaveBeenCalledTimes(2);
    expect(warn.mock.calls[0]![0]).toMatch(/^\[warn\] The sweep failed; the next one retries error="database away"/);
  });

  it("never keeps the process alive on its own", () => {
    vi.useRealTimers();
    const setIntervalSpy = vi.spyOn(globalThis, "setInterval");
    const job = startBackgroundJob(async () => {}, { everyMs: 60_000, failure: "never" });
    const timer = setIntervalSpy.mock.results[0]!.value as NodeJS.Timeout;
    expect(timer.hasRef()).toBe(false);
    job.stop();
  });
});
