"use client";

import { buttonClass } from "@/components/ui/button";
import { ConfirmByTyping } from "@/components/ui/confirm-by-typing";
import { DownloadIcon } from "@/components/ui/icons";
import { Modal } from "@/components/ui/modal";
import type { ProductRow } from "@/lib/contracts/products";
import { qrDownloadName } from "@/lib/qr/file-names";
import type { ProductForm } from "@/lib/validation/product";
import { productPageUrl } from "@/urls/products";
import { type ImageChange, ProductFormFields } from "./form";

/** A product's QR code with its URL path, the full address it opens, and a download named after the path. */
export function QrPanel({ product, baseUrl, compact = false }: { product: ProductRow; baseUrl: string; compact?: boolean }) {
  const fullUrl = productPageUrl(baseUrl, product.url_path);
  return (
    <div className={`flex gap-4 ${compact ? "flex-col sm:flex-row sm:items-center" : "flex-col items-center text-center"}`}>
      <img
        src={product.qr_code}
        alt={`QR code opening ${fullUrl}`}
        width={compact ? 128 : 240}
        height={compact ? 128 : 240}
        className={`shrink-0 rounded-lg border border-slate-200 bg-white ${compact ? "size-32" : "size-60"}`}
      />
      <dl className="min-w-0 space-y-2 text-sm">
        <div>
          <dt className="text-slate-500">URL path</dt>
          <dd className="font-mono text-slate-900">/p/{product.url_path}</dd>
        </div>
        <div>
          <dt className="text-slate-500">Full URL</dt>
          <dd>
            <a href={fullUrl} target="_blank" rel="noreferrer" className="break-all text-indigo-700 underline-offset-2 hover:underline">
              {fullUrl}
            </a>
          </dd>
        </div>
        <dd>
          <a href={product.qr_code} download={qrDownloadName(product.url_path)} className={buttonClass({ size: "sm", className: "mt-1" })}>
            <DownloadIcon className="size-4" />
            Download QR code
          </a>
        </dd>
      </dl>
    </div>
  );
}

export function QrModal({ product, baseUrl, onClose }: { product: ProductRow | null; baseUrl: string; onClose: () => void }) {
  return (
    <Modal open={product !== null} onClose={onClose} title={product ? `QR code: ${product.name}` : ""} size="md">
      {product && <QrPanel product={product} baseUrl={baseUrl} />}
    </Modal>
  );
}

export function EditProductModal({
  product,
  baseUrl,
  saving,
  onClose,
  onDirtyChange,
  onSave,
}: {
  product: ProductRow | null;
  baseUrl: string;
  saving: boolean;
  /** Every way of closing (backdrop, Escape, Cancel): the screen asks first when there are unsaved changes. */
  onClose: () => void;
  onDirtyChange: (dirty: boolean) => void;
  onSave: (product: ProductRow, values: ProductForm, image: ImageChange) => Promise<void>;
}) {
  return (
    <Modal open={product !== null} onClose={onClose} title="Edit product" description={product?.name} size="2xl" dismissible={!saving}>
      {product && (
        <ProductFormFields
          // A new form for each product: its defaults are read once.
          key={product.id}
          mode="edit"
          defaultValues={{ name: product.name, description: product.description }}
          originalImageUrl={product.image}
          failureMessage="Failed to update the product."
          onSubmit={(values, image) => onSave(product, values, image)}
          onCancel={onClose}
          onDirtyChange={onDirtyChange}
        >
          <section aria-labelledby={`qr-heading-${product.id}`} className="rounded-xl border border-slate-200 p-4">
            <h3 id={`qr-heading-${product.id}`} className="mb-3 text-sm font-semibold text-slate-900">
              QR code
            </h3>
            <QrPanel product={product} baseUrl={baseUrl} compact />
          </section>
        </ProductFormFields>
      )}
    </Modal>
  );
}

export function DeleteProductModal({
  product,
  busy,
  error,
  onClose,
  onConfirm,
}: {
  product: ProductRow | null;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onConfirm: (product: ProductRow) => void;
}) {
  return (
    <ConfirmByTyping
      open={product !== null}
      onClose={onClose}
      title="Delete product"
      phrase={product?.name ?? ""}
      inputLabel={
        <>
          Type the product name <strong className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{product?.name}</strong> to
          confirm.
        </>
      }
      mismatchMessage="The name does not match."
      busy={busy}
      error={error}
      onConfirm={() => product && onConfirm(product)}
    >
      This deletes the product page and its QR code stops working. Winner records are kept.
    </ConfirmByTyping>
  );
}
