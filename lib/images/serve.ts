import "server-only";
import sharp from "sharp";
import type { Queryable } from "@/db";
import { findImage } from "@/db/queries/images";
import type { ImageWidth } from "@/shared/urls/images";

/**
 * Images as served: read from Postgres once, resized once per width, then kept in this process's memory.
 * Safe to keep: the URL names the content hash, so what a key holds never changes. A crowd scanning one
 * stand asks for the same picture hundreds of times a minute; only the first request reads the database.
 */

/** How much image data one instance keeps (least recently used goes first). */
const IMAGE_CACHE_BYTES = 64 * 1024 * 1024;

export type ServedImage = { data: Uint8Array; contentType: string };

const cache = new Map<string, ServedImage>();
let cachedBytes = 0;
/** Requests for a key already being read or resized wait for that one, instead of repeating it. */
const pending = new Map<string, Promise<ServedImage | null>>();

function remember(key: string, image: ServedImage) {
  if (image.data.byteLength > IMAGE_CACHE_BYTES / 4) return;
  cache.set(key, image);
  cachedBytes += image.data.byteLength;
  for (const [oldest, old] of cache) {
    if (cachedBytes <= IMAGE_CACHE_BYTES) break;
    cache.delete(oldest);
    cachedBytes -= old.data.byteLength;
  }
}

async function load(db: Queryable, sha256: string, width: ImageWidth | null): Promise<ServedImage | null> {
  const stored = await findImage({ db, sha256 });
  if (!stored) return null;
  if (width === null) return { data: new Uint8Array(stored.data), contentType: stored.contentType };
  const data = await sharp(stored.data).resize({ width, withoutEnlargement: true }).webp({ quality: 78 }).toBuffer();
  return { data: new Uint8Array(data), contentType: "image/webp" };
}

/** The image with this hash at this width (null: as stored), or null when there is no such image. */
export async function servedImage(db: Queryable, sha256: string, width: ImageWidth | null): Promise<ServedImage | null> {
  const key = `${sha256}:${width ?? "full"}`;
  const hit = cache.get(key);
  if (hit) {
    // Most recently used last: Map keeps insertion order.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const inFlight = pending.get(key);
  if (inFlight) return inFlight;
  const loading = load(db, sha256, width)
    .then((image) => {
      if (image) remember(key, image);
      return image;
    })
    .finally(() => pending.delete(key));
  pending.set(key, loading);
  return loading;
}
