"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { type ReactNode, useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { ImageChangeField, useImageChange } from "@/components/admin/image-field";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import type { ImageChange } from "@/components/ui/image-picker";
import { applyServerErrors } from "@/lib/client/form-errors";
import { IMAGE_LIMITS } from "@/lib/validation/image";
import { type ProductForm, productForm } from "@/lib/validation/product";

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
  mode: "create" | "edit";
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
  const image = useImageChange(originalImageUrl);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProductForm>({ resolver: zodResolver(productForm), defaultValues });

  const dirty = isDirty || image.change.kind !== "keep";

  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);

  // On opening (when asked) and after each create: ready for the next product, the banner says this one was
  // saved. Run after the render that re-enables the form, since focus cannot stay on the busy Save button.
  const [focusRequest, setFocusRequest] = useState(focusOnMount ? 1 : 0);
  useEffect(() => {
    if (focusRequest > 0) setFocus("name");
  }, [focusRequest, setFocus]);

  const resetAll = () => {
    reset(defaultValues);
    image.restore();
    setFormError(null);
  };

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values, image.change);
      if (mode === "create") {
        resetAll();
        setFocusRequest((count) => count + 1);
      }
    } catch (error) {
      setFormError(
        applyServerErrors(error, { fields: ["name", "description"], setError, extra: { image: image.setError }, fallback: failureMessage }),
      );
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-busy={isSubmitting || undefined} className="space-y-5">
      <FormAlert message={formError} />

      <ImageChangeField image={image} mode={mode} limit={IMAGE_LIMITS.product} noun="product" disabled={isSubmitting} />

      <Field label="Name" required error={errors.name?.message}>
        {(control) => <input {...control} autoComplete="off" {...register("name")} />}
      </Field>

      <Field label="Description" error={errors.description?.message}>
        {(control) => <textarea {...control} rows={3} {...register("description")} />}
      </Field>

      {children}

      {/* In the edit modal the buttons stay in view while the body scrolls (the modal body pads by 1rem). */}
      <div
        className={`flex justify-end gap-2 border-t border-slate-200 pt-4 *:flex-1 sm:*:flex-none ${
          mode === "edit" ? "sticky -bottom-4 -mx-5 -mb-4 bg-white px-5 pb-4 sm:-mx-6 sm:px-6" : ""
        }`}
      >
        <Button onClick={resetAll} disabled={isSubmitting}>
          Reset
        </Button>
        {onCancel && (
          <Button onClick={onCancel} disabled={isSubmitting}>
            Cancel
          </Button>
        )}
        <Button type="submit" variant="primary" busy={isSubmitting}>
          {isSubmitting ? "Saving…" : "Save"}
        </Button>
      </div>
    </form>
  );
}
