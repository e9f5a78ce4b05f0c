/**
 * An IANA time zone name this runtime knows (Asia/Seoul, Europe/London, UTC). Names only: Postgres reads an
 * offset such as "+09:00" with the opposite (POSIX) sign. Shared by APP_TIMEZONE (lib/config.ts), the
 * event's setting (lib/validation/settings.ts) and the settings screen; the server also asks Postgres.
 */
export function isTimeZoneName(name: string): boolean {
  if (name.length > 64 || !/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** "+09:00", "-03:30", "+00:00": how far `timeZone` is ahead of UTC at `at`. */
export function utcOffset(timeZone: string, at: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" }).formatToParts(at);
  const name = parts.find((part) => part.type === "timeZoneName")?.value ?? "GMT";
  // "GMT+09:00", or "GMT" alone at UTC.
  return name === "GMT" ? "+00:00" : name.replace("GMT", "");
}
