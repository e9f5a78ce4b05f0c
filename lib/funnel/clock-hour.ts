/**
 * The start of the clock hour in `timeZone` that `now` falls in, as an instant. Worked out once per hour
 * (a scan only compares two numbers): a zone half an hour off UTC gets its own clock hours, not UTC's.
 */
export class ClockHour {
  private start = 0;
  private end = 0;

  private zone = "";

  /** `timeZone` may be asked each time (the event's clock is a setting): a new zone starts the hour afresh. */
  constructor(private readonly timeZone: string | (() => string)) {}

  startOf(now: number): number {
    const zone = typeof this.timeZone === "string" ? this.timeZone : this.timeZone();
    if (now < this.start || now >= this.end || zone !== this.zone) {
      this.zone = zone;
      const parts = new Intl.DateTimeFormat("en-GB", { timeZone: zone, minute: "numeric", second: "numeric" }).formatToParts(now);
      const minute = Number(parts.find((part) => part.type === "minute")?.value ?? 0);
      const second = Number(parts.find((part) => part.type === "second")?.value ?? 0);
      this.start = now - ((minute * 60 + second) * 1000 + (now % 1000));
      this.end = this.start + 3_600_000;
    }
    return this.start;
  }
}
