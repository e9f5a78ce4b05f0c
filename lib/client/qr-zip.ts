import { qrEntryName } from "@/lib/qr/file-names";
import { ApiError, retryWhileBusy } from "./api";

/** How many QR images are fetched at once: quick, without flooding a small server. */
const PARALLEL_FETCHES = 4;

export type QrZipSource = { name: string; url_path: string; qr_code: string };
export type QrZipResult = { zip: Blob | null; succeeded: number; failed: number };

/**
 * Fetches every product's QR PNG (spec §7) and packs them into one zip, `<name>_<url path>.png` each.
 * A failed image is counted and left out rather than failing the whole zip; `zip` is null if none came.
 */
export async function buildQrZip(products: QrZipSource[], onProgress: (done: number, total: number) => void): Promise<QrZipResult> {
  const { default: JSZip } = await import("jszip");
  const zip = new JSZip();
  let done = 0;
  let failed = 0;
  let next = 0;
  onProgress(0, products.length);
  const worker = async () => {
    while (next < products.length) {
      const product = products[next++]!;
      try {
        zip.file(qrEntryName(product.name, product.url_path), await readQrImage(product.qr_code));
      } catch {
        failed += 1;
      }
      done += 1;
      onProgress(done, products.length);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_FETCHES, products.length) }, worker));
  const succeeded = products.length - failed;
  if (succeeded === 0) return { zip: null, succeeded, failed };
  return { zip: await zip.generateAsync({ type: "blob" }), succeeded, failed };
}

/** One product's QR PNG; a refusal throws an ApiError (a server too busy for it is asked again first). */
function readQrImage(address: string): Promise<Blob> {
  return retryWhileBusy(async () => {
    let response: Response;
    try {
      response = await fetch(address, { credentials: "include" });
    } catch {
      throw new ApiError(0, null, "Network error");
    }
    if (!response.ok) {
      const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
      throw new ApiError(response.status, body && typeof body === "object" ? body : null);
    }
    return response.blob();
  });
}
