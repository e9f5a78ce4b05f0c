import { NextResponse } from "next/server";
import { isDatabaseUnavailable, isRetryableTransactionError } from "@/db/errors";
import { getConfig } from "@/lib/config";
import { AppError, type ErrorCode, type FieldErrors, ValidationError } from "@/lib/errors";
import { sayIn, translate } from "@/lib/i18n/translate";
import { describeError, log } from "@/lib/log";
import type { Locale } from "@/shared/i18n/locales";
import { text } from "@/shared/i18n/text";

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

/** Seconds a client should wait before asking again when the database is unreachable or busy. */
/** 204 with no body once `work` is done: what a delete answers. */
export async function emptyAfter(work: Promise<unknown>): Promise<Response> {
  await work;
  return new Response(null, { status: 204 });
}

export const RETRY_AFTER_SECONDS = 2;

type RequestLike = { method: string; url: string };

function fieldWords(fields: FieldErrors, locale: Locale): Record<string, string[]> {
  return Object.fromEntries(Object.entries(fields).map(([field, said]) => [field, said.map((one) => sayIn(locale, one))]));
}

/**
 * The one place an error becomes a response, in the caller's language (`locale`: route() worked it out once
 * for the request). The database being unreachable (or still deadlocked after the retries) is a 503 with
 * Retry-After, logged in one line; anything else unknown is a bug, logged with its stack and answered
 * generically.
 */
export function errorResponse(error: unknown, request?: RequestLike, locale: Locale = getConfig().defaultLocale): NextResponse {
  if (error instanceof ValidationError) return json(fieldWords(error.fields, locale), statusOf.validation);
  if (error instanceof AppError) return json({ detail: sayIn(locale, error.said), ...error.extra }, statusOf[error.code]);
  const where = request ? { method: request.method, path: new URL(request.url).pathname } : {};
  if (isDatabaseUnavailable(error) || isRetryableTransactionError(error)) {
    log("warn", "Database unavailable: answered 503", { ...where, ...describeError(error, false) });
    return json({ detail: translate(locale, text("errors.unavailable")) }, statusOf.unavailable, {
      "Retry-After": String(RETRY_AFTER_SECONDS),
    });
  }
  log("error", "Unhandled error in route handler", { ...where, ...describeError(error, true) });
  return json({ detail: translate(locale, text("errors.serverError")) }, 500);
}
