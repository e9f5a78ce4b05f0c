import { NextResponse } from "next/server";
import { AppError, type ErrorCode, isDatabaseUnavailable, isRetryableTransactionError, ValidationError } from "@/lib/errors";
import { describeError, log } from "@/lib/log";

const statusOf: Record<ErrorCode, number> = {
  bad_request: 400,
  validation: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  throttled: 429,
  unavailable: 503,
};

export function json(body: unknown, status = 200, headers?: HeadersInit): NextResponse {
  return NextResponse.json(body, { status, headers: { "Cache-Control": "no-store", ...headersToObject(headers) } });
}

function headersToObject(headers?: HeadersInit): Record<string, string> {
  return headers ? Object.fromEntries(new Headers(headers).entries()) : {};
}

export const DATABASE_UNAVAILABLE = "The service is briefly unavailable. Please try again in a moment.";
/** Seconds a client should wait before asking again when the database is unreachable or busy. */
export const RETRY_AFTER_SECONDS = 2;

/**
 * The one place an error becomes a response. The database being unreachable (or still deadlocked after the
 * retries) is a 503 with Retry-After, logged in one line; anything else unknown is a bug, logged with its
 * stack and answered generically.
 */
export function errorResponse(error: unknown, request?: { method: string; url: string }): NextResponse {
  if (error instanceof ValidationError) return json(error.fields, statusOf.validation);
  if (error instanceof AppError) return json({ detail: error.message, ...error.extra }, statusOf[error.code]);
  const where = request ? { method: request.method, path: new URL(request.url).pathname } : {};
  if (isDatabaseUnavailable(error) || isRetryableTransactionError(error)) {
    log("warn", "Database unavailable: answered 503", { ...where, ...describeError(error, false) });
    return json({ detail: DATABASE_UNAVAILABLE }, statusOf.unavailable, { "Retry-After": String(RETRY_AFTER_SECONDS) });
  }
  log("error", "Unhandled error in route handler", { ...where, ...describeError(error, true) });
  return json({ detail: "Something went wrong on the server. Please try again." }, 500);
}
