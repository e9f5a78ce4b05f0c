import type { NextRequest } from "next/server";
import { AppError, badRequest, type Said } from "@/lib/errors";
import { DEFAULT_MAX_BODY_BYTES } from "@/server/request-body.mjs";
import { text } from "@/shared/i18n/text";
import { readForm } from "./form";

export type BodyFormat = "json" | "multipart";

/**
 * Bodies are capped per route to what it needs (lib/api/route.ts: `maxBodyBytes`); the server entry refuses
 * one over the default before the app sees it (server/request-body.mjs).
 */
export { DEFAULT_MAX_BODY_BYTES };

const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json\s*(?:;|$)/i;
const FORM_TYPE = /^(?:multipart\/form-data|application\/x-www-form-urlencoded)\s*(?:;|$)/i;

function refuseDeclaredOversize(request: NextRequest, limit: number, tooLargeMessage: Said): void {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) throw new AppError("payload_too_large", tooLargeMessage);
}

function declaredEmpty(request: NextRequest): boolean {
  return request.headers.get("content-length") === "0" && !request.headers.has("transfer-encoding");
}

/**
 * Reads at most `limit` bytes. A declared Content-Length over the limit is refused before anything is
 * read; a body that streams past the limit is cut off at the limit, so an oversize upload is never
 * buffered whole.
 */
async function readLimited(request: NextRequest, limit: number, tooLargeMessage: Said): Promise<Uint8Array> {
  refuseDeclaredOversize(request, limit, tooLargeMessage);
  // A body declared empty (a ticket tap) is not read: no stream to set up and drain for a crowd of taps.
  if (!request.body || declaredEmpty(request)) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read().catch((error: unknown) => {
      // The sender hung up mid-body: its own doing, never a database failure in the log or the metrics.
      throw new AppError("bad_request", text("errors.bodyIncomplete"), {}, { cause: error });
    });
    if (done) break;
    received += value.byteLength;
    if (received > limit) {
      await reader.cancel();
      throw new AppError("payload_too_large", tooLargeMessage);
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

/** How a route's body is read: its format, byte cap, and for a form the fields it takes. */
export type BodyLimits = { format: BodyFormat; maxBytes: number; tooLargeMessage: Said; formFields?: ReadonlySet<string> };

/**
 * The request body as a plain object for zod: JSON, or multipart / url-encoded form fields (files stay
 * `File`s; lib/api/form.ts reads them as they stream in). An empty body is `undefined`, which the spec's
 * claim call uses to mean "reserve".
 */
export async function readBody(request: NextRequest, limits: BodyLimits): Promise<unknown> {
  const contentType = request.headers.get("content-type") ?? "";
  const formFields = limits.format === "multipart" ? limits.formFields : undefined;
  if (formFields && FORM_TYPE.test(contentType) && request.body && !declaredEmpty(request)) {
    refuseDeclaredOversize(request, limits.maxBytes, limits.tooLargeMessage);
    return readForm(request.body, contentType, { fields: formFields, maxBytes: limits.maxBytes, tooLargeMessage: limits.tooLargeMessage });
  }
  const bytes = await readLimited(request, limits.maxBytes, limits.tooLargeMessage);
  if (bytes.byteLength === 0) return undefined;
  // Only JSON (and forms, where the route takes them) is read: text/plain or XML is not guessed at.
  if (!JSON_TYPE.test(contentType)) {
    const declared = contentType.split(";")[0]?.trim().slice(0, 100) || "none";
    throw new AppError("unsupported_media_type", text("errors.unsupportedMediaType", { type: declared }));
  }
  try {
    // fatal: bytes that are not UTF-8 are refused, never turned into U+FFFD and read as something else.
    return JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes));
  } catch {
    throw badRequest(text("errors.invalidJson"));
  }
}
