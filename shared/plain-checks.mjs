// @ts-check
// Checks of plain values shared by the server entry's configuration (server/config.mjs) and the app's
// validation (lib/validation/): plain JavaScript, so that `node server.mjs` loads them without a build step.

/**
 * Whole numbers as they arrive: a JSON number, or text of decimal digits (forms, query strings and the
 * environment send text). Nothing else is read as a number: not "0x10", "0b1", "1e3", " ", [1] or true, which
 * `z.coerce.number()` (plain `Number(value)`) would accept.
 */
const DECIMAL = /^[+-]?[0-9]{1,15}$/;

/**
 * Decimal text as its number; anything else as it came (the schema then refuses it with its own message).
 * @param {unknown} value
 * @returns {unknown}
 */
export function decimalTextToNumber(value) {
  if (typeof value !== "string") return value;
  const text = value.trim();
  return DECIMAL.test(text) ? Number(text) : value;
}

/**
 * True for a real calendar date written YYYY-MM-DD (Date.parse would accept 2026-02-30 as 2 March).
 * @param {string} value
 */
export function isRealDate(value) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * An IANA time zone name this runtime knows (Asia/Seoul, Europe/London, UTC). Names only: Postgres reads an
 * offset such as "+09:00" with the opposite (POSIX) sign. Shared by APP_TIMEZONE, the event's setting
 * (lib/validation/settings.ts) and the settings screen; the server also asks Postgres.
 * @param {string} name
 */
export function isTimeZoneName(name) {
  if (name.length > 64 || !/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
