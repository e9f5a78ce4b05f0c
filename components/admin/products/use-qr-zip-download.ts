"use client";

import { useState } from "react";
import type { BannerTone } from "@/components/ui/banner";
import { errorMessage } from "@/lib/client/api";
import { saveBlob } from "@/lib/client/download";
import { productsApi } from "@/lib/client/products";
import { qrZipName } from "@/lib/qr/file-names";
import { buildQrZip } from "./qr-zip";

export type ZipProgress = { done: number; total: number };

/** "Download all QR codes": every product's PNG in one zip, with progress, reported through the banner. */
export function useQrZipDownload(show: (tone: BannerTone, text: string) => void) {
  const [progress, setProgress] = useState<ZipProgress | null>(null);

  async function download() {
    if (progress) return;
    setProgress({ done: 0, total: 0 });
    try {
      const products = await productsApi.listAll();
      if (products.length === 0) {
        show("warning", "There are no QR codes to download: add a product first.");
        return;
      }
      const result = await buildQrZip(products, (done, count) => setProgress({ done, total: count }));
      if (!result.zip) {
        show("error", "Failed to download the QR codes. Please try again.");
        return;
      }
      saveBlob(result.zip, qrZipName(new Date()));
      if (result.failed > 0) {
        show("warning", `Downloaded ${result.succeeded} of ${products.length} QR codes. Some QR codes could not be downloaded.`);
      } else {
        show("success", `Downloaded ${result.succeeded} QR code${result.succeeded === 1 ? "" : "s"}.`);
      }
    } catch (error) {
      show("error", errorMessage(error, "Failed to download the QR codes. Please try again."));
    } finally {
      setProgress(null);
    }
  }

  return { progress, download };
}
