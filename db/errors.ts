/**
 * What a database error means, read from the codes along its cause chain (drizzle wraps the driver's error,
 * which may wrap a socket's). It is the driver's knowledge, so it sits with the client, below lib/: the
 * metrics lib/database.ts reports to need it, and lib/errors.ts (errors in the reader's language, through the
 * translator and the event's clock, which reads the database) would close a loop back to lib/database.ts.
 */

/** Postgres error codes the services translate; anything else is a bug and answers 500. */
export function postgresErrorCode(error: unknown): string | undefined {
  for (let current: unknown = error; current && typeof current === "object"; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = "23505";

/** Every `code` along an error's cause chain (drizzle wraps the driver's error, which may wrap a socket's). */
function errorCodes(error: unknown): string[] {
  const codes: string[] = [];
  for (let current: unknown = error, depth = 0; current && typeof current === "object" && depth < 10; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") codes.push(code);
    current = (current as { cause?: unknown }).cause;
  }
  return codes;
}

const DEADLOCK_DETECTED = "40P01";
const SERIALIZATION_FAILURE = "40001";

/** Postgres gave up on this transaction to break a lock cycle or a serialization conflict: running it again works. */
export function isRetryableTransactionError(error: unknown): boolean {
  return errorCodes(error).some((code) => code === DEADLOCK_DETECTED || code === SERIALIZATION_FAILURE);
}

const UNREACHABLE_CODES = new Set([
  // The socket (Node) and postgres.js's own connection states.
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EPIPE",
  "CONNECT_TIMEOUT",
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  // Postgres: shutting down, starting up, too many connections, statement timeout.
  "57P01",
  "57P02",
  "57P03",
  "53300",
  "57014",
]);

/** The database cannot be reached or is refusing work right now: a 503, not a bug. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return errorCodes(error).some((code) => UNREACHABLE_CODES.has(code) || code.startsWith("08"));
}
