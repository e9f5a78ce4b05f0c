"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { type ReactNode, useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { UndoIcon } from "@/components/ui/icons";
import { ImagePicker } from "@/components/ui/image-picker";
import { applyServerErrors } from "@/lib/client/form-errors";
import { IMAGE_LIMITS } from "@/lib/validation/image";
import { type ProductForm, productForm } from "@/lib/validation/product";

/** What happens to the image on save: nothing, a new file, or removal of the stored one. */
export type ImageChange = { kind: "keep" } | { kind: "replace"; file: File } | { kind: "remove" };

function imageStatus(change: ImageChange, hasOriginal: boolean): string {
  if (change.kind === "remove") return "The current image will be deleted when you save.";
  if (change.kind === "replace")
    return hasOriginal ? "The image will be changed to the new image when you save." : "The new image will be added when you save.";
  return hasOriginal ? "The current image is kept if unchanged." : "This product has no image; choose one to add it.";
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
  const [file, setFile] = useState<File | null>(null);
  const [removed, setRemoved] = useState(false);
  const [imageError, setImageError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProductForm>({ resolver: zodResolver(productForm), defaultValues });

  const change: ImageChange = file ? { kind: "replace", file } : removed ? { kind: "remove" } : { kind: "keep" };
  const hasOriginal = Boolean(originalImageUrl);
  const dirty = isDirty || change.kind !== "keep";

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
    setFile(null);
    setRemoved(false);
    setImageError(null);
    setFormError(null);
  };

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values, change);
      if (mode === "create") {
        resetAll();
        setFocusRequest((count) => count + 1);
      }
    } catch (error) {
      setFormError(
        applyServerErrors(error, { fields: ["name", "description"], setError, extra: { image: setImageError }, fallback: failureMessage }),
      );
    }
  });

  return (
    <form onSubmit={submit} noValidate aria-busy={isSubmitting || undefined} className="space-y-5">
      <div role="alert">
        {formError && <p className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800">{formError}</p>}
      </div>

      <ImagePicker
        label="Image"
        file={file}
        currentUrl={removed ? null : originalImageUrl}
        limit={IMAGE_LIMITS.product}
        disabled={isSubmitting}
        error={imageError}
        onError={setImageError}
        onPick={(picked) => {
          setFile(picked);
          setRemoved(false);
        }}
        onRemove={() => {
          setFile(null);
          setRemoved(hasOriginal);
          setImageError(null);
        }}
      >
        {mode === "edit" && hasOriginal && change.kind !== "keep" && (
          <Button
            size="sm"
            variant="ghost"
            disabled={isSubmitting}
            onClick={() => {
              setFile(null);
              setRemoved(false);
              setImageError(null);
            }}
          >
            <UndoIcon className="size-4" />
            Restore original image
          </Button>
        )}
      </ImagePicker>
      {mode === "edit" && (
        <p role="status" className="-mt-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
          {imageStatus(change, hasOriginal)}
        </p>
      )}

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
