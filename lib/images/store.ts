import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import type { Queryable } from "@/db";
import { images } from "@/db/schema";
import { imageUrl } from "@/shared/urls/images";

/** Longest side of a stored image: large enough for a phone screen at 3x, small enough for venue Wi-Fi. */
const MAX_IMAGE_SIDE = 1200;

/** Refuses pictures larger than this before decoding them: a small file can unpack into gigabytes. */
const MAX_INPUT_PIXELS = 64_000_000;

export type NormalisedImage = { data: Buffer; width: number; height: number };

/** Orientation applied, metadata stripped, fitted within MAX_IMAGE_SIDE, WebP. Throws if it cannot decode. */
export async function normaliseImage(input: Buffer): Promise<NormalisedImage> {
  const { data, info } = await sharp(input, { animated: false, limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: "inside", withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Stores an image once per content: the same picture uploaded twice is one row. */
export async function storeImage(db: Queryable, input: Buffer): Promise<{ id: number; url: string }> {
  return saveImage(db, await normaliseImage(input));
}

export async function saveImage(db: Queryable, { data, width, height }: NormalisedImage): Promise<{ id: number; url: string }> {
  const sha256 = createHash("sha256").update(data).digest("hex");
  await db.insert(images).values({ sha256, contentType: "image/webp", width, height, data }).onConflictDoNothing({ target: images.sha256 });
  const [row] = await db.select({ id: images.id }).from(images).where(eq(images.sha256, sha256));
  return { id: row!.id, url: imageUrl(sha256) };
}
