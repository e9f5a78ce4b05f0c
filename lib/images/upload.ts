import sharp from "sharp";
import type { Queryable } from "@/db";
import { ValidationError } from "@/lib/errors";
import { IMAGE_LIMITS, type ImageKind, ONLY_IMAGES } from "@/lib/validation/image";
import { text } from "@/shared/i18n/text";
import { normaliseImage, saveImage } from "./store";

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

/**
 * Checks that an uploaded file really is an image by decoding it (the declared type and the file name are
 * not trusted), then normalises and stores it. Errors are field errors on `field`.
 */
export async function storeUploadedImage(
  db: Queryable,
  file: File,
  kind: ImageKind,
  field = "image",
): Promise<{ id: number; url: string }> {
  const limit = IMAGE_LIMITS[kind];
  if (file.size > limit.maxBytes) throw ValidationError.field(field, text(limit.tooLarge));
  const bytes = Buffer.from(await file.arrayBuffer());
  let format: string | undefined;
  try {
    format = (await sharp(bytes).metadata()).format;
  } catch {
    throw ValidationError.field(field, text(ONLY_IMAGES));
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw ValidationError.field(field, text(ONLY_IMAGES));
  let normalised: Awaited<ReturnType<typeof normaliseImage>>;
  try {
    normalised = await normaliseImage(bytes);
  } catch {
    // Decodable header but a broken body (truncated file, corrupt pixels), or too many pixels.
    throw ValidationError.field(field, text(ONLY_IMAGES));
  }
  return saveImage(db, normalised);
}
