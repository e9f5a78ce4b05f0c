"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import type { BannerTone } from "@/components/ui/banner";
import { errorMessage } from "@/lib/client/api";
import { saveBlob } from "@/lib/client/download";
import { productsApi } from "@/lib/client/products";
import { buildQrZip } from "@/lib/client/qr-zip";
import { qrZipName } from "@/lib/qr/file-names";

export type ZipProgress = { done: number; total: number };

/** "Download all QR codes": every product's PNG in one zip, with progress, reported through the banner. */
export function useQrZipDownload(show: (tone: BannerTone, text: string) => void) {
  const t = useTranslations("admin.products.zip");
  const [progress, setProgress] = useState<ZipProgress | null>(null);

  async function download() {
    if (progress) return;
    setProgress({ done: 0, total: 0 });
    try {
      const products = await productsApi.listAll();
      if (products.length === 0) {
        show("warning", t("none"));
        return;
      }
      const result = await buildQrZip(products, (done, count) => setProgress({ done, total: count }));
      if (!result.zip) {
        show("error", t("failed"));
        return;
      }
      saveBlob(result.zip, qrZipName(new Date(), t("fileName")));
      if (result.failed > 0) {
        show("warning", t("partial", { succeeded: result.succeeded, total: products.length }));
      } else {
        show("success", t("done", { count: result.succeeded }));
      }
    } catch (error) {
      show("error", errorMessage(error, t("failed")));
    } finally {
      setProgress(null);
    }
  }

  return { progress, download };
}
