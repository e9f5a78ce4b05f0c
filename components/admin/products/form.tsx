"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import type { ReactNode } from "react";
import { useForm } from "react-hook-form";
import { appendImageChange, CatalogueFormLayout, type CatalogueFormMode, useCatalogueForm } from "@/components/admin/catalogue/form";
import type { ImageChange } from "@/components/ui/image-picker";
import { applyServerErrors } from "@/lib/client/form-errors";
import { IMAGE_LIMITS } from "@/lib/validation/image";
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
  mode,
  defaultValues,
  originalImageUrl = null,
  failureMessage,
  onSubmit,
  onCancel,
  onDirtyChange,
  focusOnMount = false,
  children,
}: {
  mode: CatalogueFormMode;
  defaultValues: ProductForm;
  originalImageUrl?: string | null;
  /** Shown when the call fails without a server message. */
  failureMessage: string;
  onSubmit: (values: ProductForm, image: ImageChange) => Promise<void>;
  onCancel?: () => void;
  /** Told whether the form holds unsaved changes, so closing it can ask first. */
  onDirtyChange?: (dirty: boolean) => void;
  /** Put the cursor in the first field when the form appears (the add panel just opened). */
  focusOnMount?: boolean;
  /** Extra content between the fields and the buttons (the QR section when editing). */
  children?: ReactNode;
}) {
  const form = useForm<ProductForm>({ resolver: zodResolver(productForm), defaultValues });
  const state = useCatalogueForm({ form, mode, defaultValues, originalImageUrl, onDirtyChange, focusOnMount });
  const { errors } = form.formState;
  const submit = state.submitWith(onSubmit, (error) =>
    applyServerErrors(error, {
      fields: ["name", "description", ...TRANSLATION_FIELDS],
      setError: form.setError,
      extra: { image: state.image.setError },
      fallback: failureMessage,
    }),
  );

  return (
    <CatalogueFormLayout
      state={state}
      noun="product"
      limit={IMAGE_LIMITS.product}
      onSubmit={submit}
      nameInput={form.register("name")}
      descriptionInput={form.register("description")}
      errors={{
        name: errors.name?.message,
        description: errors.description?.message,
        ...Object.fromEntries(TRANSLATION_FIELDS.map((field) => [field, errors[field]?.message])),
      }}
      translationInput={(field) => form.register(field)}
      onCancel={onCancel}
    >
      {children}
    </CatalogueFormLayout>
  );
}
