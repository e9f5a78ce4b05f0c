import { NextResponse } from "next/server";
import { AppError, type ErrorCode, ValidationError } from "@/lib/errors";

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

/** The one place an error becomes a response. Unknown errors are logged whole and answered generically. */
export function errorResponse(error: unknown): NextResponse {
  if (error instanceof ValidationError) return json(error.fields, statusOf.validation);
  if (error instanceof AppError) return json({ detail: error.message, ...error.extra }, statusOf[error.code]);
  console.error("Unhandled error in route handler:", error);
  return json({ detail: "Something went wrong on the server. Please try again." }, 500);
}
