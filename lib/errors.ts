import { translate } from "@/lib/i18n/translate";
import { type Text, text } from "@/shared/i18n/text";

/**
 * Typed errors thrown by services and the route wrapper. `lib/api/respond.ts` turns each code into its
 * status and a Django REST Framework-shaped body, in one table.
 */

/**
 * What an error says: a Text (a message key, put into the caller's language by lib/api/respond.ts), or a
 * string already in words. New code says a Text; a plain string is never translated.
 */
export type Said = string | Text;
export type FieldErrors = Record<string, Said[]>;

export type ErrorCode =
  | "bad_request"
  | "validation"
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "payload_too_large"
  | "unsupported_media_type"
  | "throttled"
  | "unavailable";

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly said: Said,
    /** Extra members of the response body, such as `winners_count`. */
    readonly extra: Record<string, unknown> = {},
    options?: { cause?: unknown },
  ) {
    // In English for the logs; the caller gets their own language.
    super(typeof said === "string" ? said : translate("en", said), options);
  }
}

/** Field-level validation failure: `{field: ["message"], non_field_errors: ["message"]}`. */
export class ValidationError extends AppError {
  constructor(readonly fields: FieldErrors) {
    super("validation", text("errors.invalidInput"));
  }

  static field(field: string, message: Said): ValidationError {
    return new ValidationError({ [field]: [message] });
  }
}

export const notFound = (said: Said = text("errors.notFound")) => new AppError("not_found", said);
export const conflict = (said: Said, extra?: Record<string, unknown>) => new AppError("conflict", said, extra);
export const badRequest = (said: Said, extra?: Record<string, unknown>) => new AppError("bad_request", said, extra);

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
