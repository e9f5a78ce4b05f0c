/**
 * The event's opening hours are edited as wall-clock times in APP_TIMEZONE (the event's clock), whatever the
 * organiser's laptop says: `<input type="datetime-local">` values ("2027-05-03T10:00") to ISO 8601 instants
 * with their offset, and back.
 */

/** Minutes `timeZone` is ahead of UTC at instant `at`. */
function offsetMinutes(at: Date, timeZone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    })
      .formatToParts(at)
      .map((part) => [part.type, part.value]),
  );
  const asUtc = Date.UTC(+parts.year!, +parts.month! - 1, +parts.day!, +parts.hour!, +parts.minute!, +parts.second!);
  return Math.round((asUtc - Math.floor(at.getTime() / 1000) * 1000) / 60_000);
}

function pad(value: number): string {
  return String(Math.abs(value)).padStart(2, "0");
}

/** "2027-05-03T10:00" on the event's clock -> "2027-05-03T10:00:00+09:00"; null for an empty or unreadable value. */
export function zonedLocalToIso(local: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(local);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number];
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  // The offset at the instant itself: one correction covers a daylight-saving change in between.
  let offset = offsetMinutes(new Date(wall), timeZone);
  offset = offsetMinutes(new Date(wall - offset * 60_000), timeZone);
  const sign = offset < 0 ? "-" : "+";
  return `${local}:00${sign}${pad(Math.trunc(offset / 60))}:${pad(offset % 60)}`;
}

/** An ISO instant -> "2027-05-03T10:00" on the event's clock, for a datetime-local input. */
export function isoToZonedLocal(iso: string, timeZone: string): string {
  const at = new Date(iso);
  const local = new Date(at.getTime() + offsetMinutes(at, timeZone) * 60_000);
  return local.toISOString().slice(0, 16);
}
