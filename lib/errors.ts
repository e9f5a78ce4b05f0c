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
