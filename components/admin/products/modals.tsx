"use client";

import { useTranslations } from "next-intl";
import { EditItemModal, type EditModalWiring } from "@/components/admin/catalogue/modals";
import { QrPanel } from "@/components/admin/qr-panel";
import type { ImageChange } from "@/components/ui/image-picker";
import type { ProductForm } from "@/lib/validation/product";
import { translationFormValues } from "@/lib/validation/translations";
import type { ProductRow } from "@/shared/contracts/products";
import { ProductFormFields } from "./form";

export function EditProductModal({
  product,
  baseUrl,
  saving,
  onClose,
  onDirtyChange,
  onSave,
}: EditModalWiring & {
  product: ProductRow | null;
  baseUrl: string;
  onSave: (product: ProductRow, values: ProductForm, image: ImageChange) => Promise<void>;
}) {
  const t = useTranslations("admin.products");
  return (
    <EditItemModal noun="product" item={product} saving={saving} onClose={onClose}>
      {product && (
        <ProductFormFields
          // A new form for each product: its defaults are read once.
          key={product.id}
          mode="edit"
          defaultValues={{ name: product.name, description: product.description, ...translationFormValues(product) }}
          originalImageUrl={product.image}
          failureMessage={t("updateFailed")}
          onSubmit={(values, image) => onSave(product, values, image)}
          onCancel={onClose}
          onDirtyChange={onDirtyChange}
        >
          <section aria-labelledby={`qr-heading-${product.id}`} className="rounded-xl border border-slate-200 p-4">
            <h3 id={`qr-heading-${product.id}`} className="mb-3 text-sm font-semibold text-slate-900">
              {t("qrCode")}
            </h3>
            <QrPanel product={product} baseUrl={baseUrl} compact />
          </section>
        </ProductFormFields>
      )}
    </EditItemModal>
  );
}
