"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { appendImageChange, CatalogueFormLayout, type CatalogueFormProps, useCatalogueForm } from "@/components/admin/catalogue/form";
import type { ImageChange } from "@/components/ui/image-picker";
import { applyServerErrors } from "@/lib/client/form-errors";
import { type ProductForm, productForm } from "@/lib/validation/product";
import { appendTranslations, TRANSLATION_FIELDS } from "@/lib/validation/translations";

/** A product save's multipart body. */
export function productFormData(values: ProductForm, image: ImageChange): FormData {
  const form = new FormData();
  form.append("name", values.name);
  form.append("description", values.description);
  appendTranslations(form, values);
  appendImageChange(form, image);
  return form;
}

/**
 * The add and edit form of a product page: image (pick, preview, remove; in edit mode also restore the
 * original, with a note saying what saving will do), name, description. The container makes the call in
 * `onSubmit`; an ApiError it throws is shown here, per field where the server named one.
 */
export function ProductFormFields({
  failureMessage,
  onSubmit,
  onCancel,
  children,
  ...formProps
}: CatalogueFormProps<ProductForm, (values: ProductForm, image: ImageChange) => Promise<void>>) {
  const form = useForm<ProductForm>({ resolver: zodResolver(productForm), defaultValues: formProps.defaultValues });
  const state = useCatalogueForm({ form, ...formProps });
  const submit = state.submitWith(onSubmit, (error) =>
    applyServerErrors(error, {
      fields: ["name", "description", ...TRANSLATION_FIELDS],
      setError: form.setError,
      extra: { image: state.image.setError },
      fallback: failureMessage,
    }),
  );

  return (
    <CatalogueFormLayout state={state} noun="product" onSubmit={submit} form={form} onCancel={onCancel}>
      {children}
    </CatalogueFormLayout>
  );
}
