/**
 * The start of the clock hour in `timeZone` that `now` falls in, as an instant. Worked out once per hour
 * (a scan only compares two numbers): a zone half an hour off UTC gets its own clock hours, not UTC's.
 */
export class ClockHour {
  private start = 0;
  private end = 0;

  constructor(private readonly timeZone: string) {}

  startOf(now: number): number {
    if (now < this.start || now >= this.end) {
      const parts = new Intl.DateTimeFormat("en-GB", { timeZone: this.timeZone, minute: "numeric", second: "numeric" }).formatToParts(now);
      const minute = Number(parts.find((part) => part.type === "minute")?.value ?? 0);
      const second = Number(parts.find((part) => part.type === "second")?.value ?? 0);
      this.start = now - ((minute * 60 + second) * 1000 + (now % 1000));
      this.end = this.start + 3_600_000;
    }
    return this.start;
  }
}
