import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { images } from "@/db/schema";
import type { Queryable } from "@/db";

/** Longest side of a stored image: large enough for a phone screen at 3x, small enough for venue Wi-Fi. */
export const MAX_IMAGE_SIDE = 1200;

/**
 * Normalises an image (orientation applied, metadata stripped, fitted within MAX_IMAGE_SIDE, WebP) and
 * stores it once per content: the same picture uploaded twice is one row.
 */
export async function storeImage(db: Queryable, input: Buffer): Promise<{ id: number; url: string }> {
  const { data, info } = await sharp(input, { animated: false })
    .rotate()
    .resize({ width: MAX_IMAGE_SIDE, height: MAX_IMAGE_SIDE, fit: "inside", withoutEnlargement: true })
    .webp({ quality: 82 })
    .toBuffer({ resolveWithObject: true });
  const sha256 = createHash("sha256").update(data).digest("hex");
  await db
    .insert(images)
    .values({ sha256, contentType: "image/webp", width: info.width, height: info.height, data })
    .onConflictDoNothing({ target: images.sha256 });
  const [row] = await db.select({ id: images.id }).from(images).where(eq(images.sha256, sha256));
  return { id: row!.id, url: imageUrl(sha256) };
}

/** The content hash is in the URL, so a served image never changes and is cached as immutable. */
export function imageUrl(sha256: string): string {
  return `/api/images/${sha256}.webp`;
}
