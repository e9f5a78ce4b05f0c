import { createHash } from "node:crypto";
import { asc, eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import type { Queryable } from "@/db";
import { images } from "@/db/schema";
import { imageUrl } from "@/shared/urls/images";

/** Longest side of a stored image: large enough for a phone screen at 3x, small enough for venue Wi-Fi. */
const MAX_IMAGE_SIDE = 1200;

/** Refuses pictures larger than this before decoding them: a small file can unpack into gigabytes. */
const MAX_INPUT_PIXELS = 64_000_000;

/** A picture ready to store, and the hash of the bytes it was made from. */
export type NormalisedImage = { data: Buffer; width: number; height: number; sourceSha256: string };

/**
 * How hard the WebP encoder works: libwebp's default (4) for a form's one picture; a bulk import of a thousand
 * takes 0: four times faster to encode (most of an import's time), the file about as large (a 480 x 360
 * photo: 33.6 kB at 0, 35.6 kB at 4).
 */
export type EncodingEffort = "single" | "bulk";
const WEBP_EFFORT: Record<EncodingEffort, number> = { single: 4, bulk: 0 };

/** Orientation applied, metadata stripped, fitted within MAX_IMAGE_SIDE, WebP. Throws if it cannot decode. */
export async function normaliseImage(input: Buffer, effort: EncodingEffort = "single"): Promise<NormalisedImage> {
  const { data, info } = await sharp(input, { animated: false, limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: "inside", withoutEnlargement: true })
    .webp({ quality: 82, effort: WEBP_EFFORT[effort] })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height, sourceSha256: imageSha256(input) };
}

/** Stores an image once per content: the same picture uploaded twice is one row. */
export async function storeImage(db: Queryable, input: Buffer): Promise<{ id: number; url: string }> {
  return saveImage(db, await normaliseImage(input));
}

/** What names a stored image (the hash of its normalised bytes: the same picture twice is one row), and its source. */
export function imageSha256(data: Buffer): string {
  return createHash("sha256").update(data).digest("hex");
}

export async function saveImage(
  db: Queryable,
  { data, width, height, sourceSha256 }: NormalisedImage,
): Promise<{ id: number; url: string }> {
  const sha256 = imageSha256(data);
  await db
    .insert(images)
    .values({ sha256, sourceSha256, contentType: "image/webp", width, height, data })
    .onConflictDoNothing({ target: images.sha256 });
  const [row] = await db.select({ id: images.id }).from(images).where(eq(images.sha256, sha256));
  return { id: row!.id, url: imageUrl(sha256) };
}

/**
 * Rows of pictures per insert: each statement's parameters are written out as hex on the event loop, so a
 * small batch keeps that under a few ms (1,100 photos stored as fast in batches of 10 as of 50, a query
 * alongside waiting at most 14-36 ms rather than 41-67).
 */
const IMAGES_PER_INSERT = 10;

/** Stores many normalised pictures at once (each content once) and gives each hash its row's id. */
export async function saveImages(db: Queryable, pictures: readonly (NormalisedImage & { sha256: string })[]): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (let start = 0; start < pictures.length; start += IMAGES_PER_INSERT) {
    const batch = pictures.slice(start, start + IMAGES_PER_INSERT);
    await db
      .insert(images)
      .values(
        batch.map(({ sha256, sourceSha256, data, width, height }) => ({
          sha256,
          sourceSha256,
          contentType: "image/webp",
          width,
          height,
          data,
        })),
      )
      .onConflictDoNothing({ target: images.sha256 });
    const rows = await db
      .select({ id: images.id, sha256: images.sha256 })
      .from(images)
      .where(
        inArray(
          images.sha256,
          batch.map((picture) => picture.sha256),
        ),
      );
    for (const row of rows) ids.set(row.sha256, row.id);
  }
  return ids;
}

/** A stored image, as an import refers to it without its bytes. */
export type StoredImage = { id: number; sha256: string; width: number; height: number };

/** The stored images made from these source bytes (by their hashes), the first of each. */
export async function imagesFromSources(db: Queryable, sourceSha256s: readonly string[]): Promise<Map<string, StoredImage>> {
  if (sourceSha256s.length === 0) return new Map();
  const rows = await db
    .select({ id: images.id, sha256: images.sha256, width: images.width, height: images.height, source: images.sourceSha256 })
    .from(images)
    .where(inArray(images.sourceSha256, [...sourceSha256s]))
    .orderBy(asc(images.id));
  const found = new Map<string, StoredImage>();
  for (const { source, ...image } of rows) if (!found.has(source!)) found.set(source!, image);
  return found;
}
