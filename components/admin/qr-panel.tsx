"use client";

import { useTranslations } from "next-intl";
import { buttonClass } from "@/components/ui/button";
import { DownloadIcon } from "@/components/ui/icons";
import { Modal } from "@/components/ui/modal";
import { qrDownloadName } from "@/lib/qr/file-names";
import type { ProductRow } from "@/shared/contracts/products";
import { productPageUrl } from "@/shared/urls/products";

/** What a QR panel needs of a product page: the products list and the placements list both have it. */
export type QrProduct = Pick<ProductRow, "name" | "url_path" | "qr_code">;

/** A product's QR code with its URL path, the full address it opens, and a download named after the path. */
export function QrPanel({ product, baseUrl, compact = false }: { product: QrProduct; baseUrl: string; compact?: boolean }) {
  const t = useTranslations("admin.shell.qr");
  const fullUrl = productPageUrl(baseUrl, product.url_path);
  return (
    <div className={`flex gap-4 ${compact ? "flex-col sm:flex-row sm:items-center" : "flex-col items-center text-center"}`}>
      <img
        src={product.qr_code}
        alt={t("alt", { url: fullUrl })}
        width={compact ? 128 : 240}
        height={compact ? 128 : 240}
        className={`shrink-0 rounded-lg border border-slate-200 bg-white ${compact ? "size-32" : "size-60"}`}
      />
      <dl className="min-w-0 space-y-2 text-sm">
        <div>
          <dt className="text-slate-500">{t("urlPath")}</dt>
          <dd className="font-mono text-slate-900">{`/p/${product.url_path}`}</dd>
        </div>
        <div>
          <dt className="text-slate-500">{t("fullUrl")}</dt>
          <dd>
            <a href={fullUrl} target="_blank" rel="noreferrer" className="break-all text-primary-700 underline-offset-2 hover:underline">
              {fullUrl}
            </a>
          </dd>
        </div>
        <dd>
          <a href={product.qr_code} download={qrDownloadName(product.url_path)} className={buttonClass({ size: "sm", className: "mt-1" })}>
            <DownloadIcon className="size-4" />
            {t("download")}
          </a>
        </dd>
      </dl>
    </div>
  );
}

export function QrModal({ product, baseUrl, onClose }: { product: QrProduct | null; baseUrl: string; onClose: () => void }) {
  const t = useTranslations("admin.shell.qr");
  return (
    <Modal open={product !== null} onClose={onClose} title={product ? t("title", { name: product.name }) : ""} size="md">
      {product && <QrPanel product={product} baseUrl={baseUrl} />}
    </Modal>
  );
}
