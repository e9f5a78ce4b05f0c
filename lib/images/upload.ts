import sharp from "sharp";
import type { Queryable } from "@/db";
import { ValidationError } from "@/lib/errors";
import { IMAGE_LIMITS, type ImageKind, ONLY_IMAGES } from "@/lib/validation/image";
import { text } from "@/shared/i18n/text";
import { type EncodingEffort, type NormalisedImage, normaliseImage, saveImage } from "./store";

/** Formats we accept, whatever the upload claims to be. SVG is refused: it can carry scripts. */
const ACCEPTED_FORMATS = new Set(["jpeg", "png", "webp", "gif"]);

// The limits and messages live in lib/validation/image.ts so the browser checks the same ones.
export type { ImageKind } from "@/lib/validation/image";

/**
 * Room for the other form fields around the image in a multipart body: the route refuses a larger
 * Content-Length before reading anything (lib/api/body.ts).
 */
const MULTIPART_OVERHEAD_BYTES = 64 * 1024;

/** Route options for a multipart form carrying one image of this kind (see lib/api/route.ts). */
export function imageUploadBody(kind: ImageKind) {
  return {
    bodyFormat: "multipart",
    maxBodyBytes: IMAGE_LIMITS[kind].maxBytes + MULTIPART_OVERHEAD_BYTES,
    tooLargeMessage: text(IMAGE_LIMITS[kind].tooLarge),
  } as const;
}

/** Why a picture was refused: larger than its kind's limit, or not a picture we take. */
export type ImageRefusal = "tooLarge" | "notImage";

/**
 * Decodes a picture's bytes whatever it claims to be (the declared type and the file name are not trusted)
 * and normalises it, or says why not: the one check of an upload, a form's or a spreadsheet import's.
 */
export async function decodeUploadedImage(
  bytes: Buffer,
  kind: ImageKind,
  effort: EncodingEffort = "single",
): Promise<NormalisedImage | ImageRefusal> {
  if (bytes.byteLength > IMAGE_LIMITS[kind].maxBytes) return "tooLarge";
  let format: string | undefined;
  try {
    format = (await sharp(bytes).metadata()).format;
  } catch {
    return "notImage";
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) return "notImage";
  try {
    return await normaliseImage(bytes, effort);
  } catch {
    // Decodable header but a broken body (truncated file, corrupt pixels), or too many pixels.
    return "notImage";
  }
}

/**
 * Checks that an uploaded file really is an image by decoding it, then normalises and stores it. Errors are
 * field errors on `field`.
 */
export async function storeUploadedImage(
  db: Queryable,
  file: File,
  kind: ImageKind,
  field = "image",
): Promise<{ id: number; url: string }> {
  const limit = IMAGE_LIMITS[kind];
  if (file.size > limit.maxBytes) throw ValidationError.field(field, text(limit.tooLarge));
  const decoded = await decodeUploadedImage(Buffer.from(await file.arrayBuffer()), kind);
  if (decoded === "tooLarge") throw ValidationError.field(field, text(limit.tooLarge));
  if (decoded === "notImage") throw ValidationError.field(field, text(ONLY_IMAGES));
  return saveImage(db, decoded);
}
