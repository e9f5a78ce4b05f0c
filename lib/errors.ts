/**
 * Typed errors thrown by services and the route wrapper. `lib/api/respond.ts` turns each code into its
 * status and a Django REST Framework-shaped body, in one table.
 */

export type FieldErrors = Record<string, string[]>;

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
    message: string,
    /** Extra members of the response body, such as `winners_count`. */
    readonly extra: Record<string, unknown> = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** Field-level validation failure: `{field: ["message"], non_field_errors: ["message"]}`. */
export class ValidationError extends AppError {
  constructor(readonly fields: FieldErrors) {
    super("validation", "Invalid input.");
  }

  static field(field: string, message: string): ValidationError {
    return new ValidationError({ [field]: [message] });
  }
}

export const notFound = (message = "Not found.") => new AppError("not_found", message);
export const conflict = (message: string, extra?: Record<string, unknown>) => new AppError("conflict", message, extra);
export const badRequest = (message: string, extra?: Record<string, unknown>) => new AppError("bad_request", message, extra);

/** Postgres error codes the services translate; anything else is a bug and answers 500. */
export function postgresErrorCode(error: unknown): string | undefined {
  for (let current: unknown = error; current && typeof current === "object"; current = (current as { cause?: unknown }).cause) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = "23505";
