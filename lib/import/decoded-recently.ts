import type { NormalisedImage } from "@/lib/images/store";

/**
 * Pictures this process decoded for an import, by the hash of the bytes they were made from, for a while: an
 * organiser previews a file, then imports it, and the import takes the preview's pictures instead of
 * decoding them all again. Another instance behind the same balancer decodes them itself, with the same
 * result. Bounded (the oldest go first) and let go a while after the last import, so that memory is lent,
 * not kept.
 */

/** Well above the WebP of a full 50 MB archive of photos (about as large as their JPEGs). */
const KEPT_BYTES = 64 * 1024 * 1024;
/** Time enough to read a preview of a thousand rows before importing it. */
const KEPT_FOR_MS = 15 * 60 * 1000;

const kept = new Map<string, NormalisedImage>();
let keptBytes = 0;
let forget: NodeJS.Timeout | undefined;

function forgetLater() {
  clearTimeout(forget);
  forget = setTimeout(() => {
    kept.clear();
    keptBytes = 0;
  }, KEPT_FOR_MS);
  forget.unref();
}

export function decodedRecently(sourceSha256: string): NormalisedImage | undefined {
  forgetLater();
  return kept.get(sourceSha256);
}

export function rememberDecoded(picture: NormalisedImage): void {
  if (kept.has(picture.sourceSha256) || picture.data.byteLength > KEPT_BYTES / 4) return;
  kept.set(picture.sourceSha256, picture);
  keptBytes += picture.data.byteLength;
  for (const [oldest, old] of kept) {
    if (keptBytes <= KEPT_BYTES) break;
    kept.delete(oldest);
    keptBytes -= old.data.byteLength;
  }
  forgetLater();
}
