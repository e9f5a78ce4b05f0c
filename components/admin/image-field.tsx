"use client";

import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { UndoIcon } from "@/components/ui/icons";
import { type ImageChange, ImagePicker } from "@/components/ui/image-picker";
import type { ImageLimit } from "@/lib/validation/image";

/** The image of an add or edit form: a newly picked file, removal of the stored one, or neither. */
export function useImageChange(originalUrl: string | null) {
  const [file, setFile] = useState<File | null>(null);
  const [removed, setRemoved] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const change: ImageChange = file ? { kind: "replace", file } : removed ? { kind: "remove" } : { kind: "keep" };
  const hasOriginal = Boolean(originalUrl);
  return {
    file,
    change,
    error,
    setError,
    originalUrl,
    hasOriginal,
    shownUrl: removed ? null : originalUrl,
    pick(picked: File) {
      setFile(picked);
      setRemoved(false);
    },
    remove() {
      setFile(null);
      setRemoved(hasOriginal);
      setError(null);
    },
    /** Back to the stored image (also what the form's Reset does). */
    restore() {
      setFile(null);
      setRemoved(false);
      setError(null);
    },
  };
}

export type ImageChangeState = ReturnType<typeof useImageChange>;

type ImageStatus = "removed" | "replaced" | "added" | "kept" | "none";

function imageStatus(change: ImageChange, hasOriginal: boolean): ImageStatus {
  if (change.kind === "remove") return "removed";
  if (change.kind === "replace") return hasOriginal ? "replaced" : "added";
  return hasOriginal ? "kept" : "none";
}

/**
 * The image field of an add or edit form: pick, preview, remove; when editing, also restore the original,
 * with a line saying what saving will do to the image.
 */
export function ImageChangeField({
  image,
  mode,
  limit,
  noun,
  label,
  hint,
  disabled,
}: {
  image: ImageChangeState;
  mode: "create" | "edit";
  limit: ImageLimit;
  /** The entity in the reader's language ("product", "경품"): for "This prize has no image". */
  noun: string;
  label?: string;
  /** What to upload, in place of the picker's own "Recommended 400 × 400 px" line. */
  hint?: string;
  disabled: boolean;
}) {
  const t = useTranslations("admin.shell.imageField");
  return (
    <>
      <ImagePicker
        label={label ?? t("label")}
        hint={hint}
        file={image.file}
        currentUrl={image.shownUrl}
        limit={limit}
        disabled={disabled}
        error={image.error}
        onError={image.setError}
        onPick={image.pick}
        onRemove={image.remove}
      >
        {mode === "edit" && image.hasOriginal && image.change.kind !== "keep" && (
          <Button size="sm" variant="ghost" disabled={disabled} onClick={image.restore}>
            <UndoIcon className="size-4" />
            {t("restore")}
          </Button>
        )}
      </ImagePicker>
      {mode === "edit" && (
        <p role="status" className="-mt-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700">
          {t(`status.${imageStatus(image.change, image.hasOriginal)}`, { noun })}
        </p>
      )}
    </>
  );
}
