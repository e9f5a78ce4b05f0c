/** The zone of this machine: the browser tests' servers keep the event's day on it (no APP_TIMEZONE). */
export const MACHINE_ZONE = Intl.DateTimeFormat().resolvedOptions().timeZone;

/**
 * Daily counters start again when the day turns on the event's clock. A test that compares today's count
 * with the wins it made, or its daily limit, would see both days' wins if the day turned while it ran; so
 * such a test first waits out a turn that is less than `seconds` away (nearly never). The wait can take
 * `seconds` + 1 s: the test's time limit must allow for it.
 */
export async function awayFromDayTurn(timeZone: string, seconds: number): Promise<void> {
  const untilTurn = msUntilNextDay(timeZone, new Date());
  if (untilTurn < seconds * 1000) await new Promise((resolve) => setTimeout(resolve, untilTurn + 1000));
}

/**
 * Milliseconds from `now` to the next midnight in `timeZone`, on the clock as it reads now: on a day whose
 * offset changes before midnight (summer time), off by that change.
 */
export function msUntilNextDay(timeZone: string, now: Date): number {
  const parts = new Intl.DateTimeFormat("en-GB", {
    timeZone,
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((each) => each.type === type)?.value ?? 0);
  const intoDay = (part("hour") * 3600 + part("minute") * 60 + part("second")) * 1000 + now.getUTCMilliseconds();
  return 86_400_000 - intoDay;
}
