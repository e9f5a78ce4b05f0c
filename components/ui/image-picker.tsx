"use client";

import { useTranslations } from "next-intl";
import { type ReactNode, useEffect, useId, useState } from "react";
import { useSaid } from "@/lib/client/use-said";
import { ACCEPTED_IMAGE_TYPES, checkImageFile, type ImageLimit } from "@/lib/validation/image";
import { buttonClass } from "./button";
import { ImageIcon, TrashIcon } from "./icons";

/** What happens to the image on save: nothing, a new file, or removal of the stored one. */
export type ImageChange = { kind: "keep" } | { kind: "replace"; file: File } | { kind: "remove" };

/** An object URL for a picked file, revoked when the file changes or the picker goes away. */
function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

/**
 * Picks one image with a preview and a remove button. Checks the type and size in the browser with the
 * server's messages (the server decodes and checks again). Controlled: `file` is a newly picked file,
 * `currentUrl` what to show when there is none (the stored image), or null for "no image".
 */
export function ImagePicker({
  label,
  file,
  currentUrl,
  limit,
  onPick,
  onRemove,
  error,
  onError,
  hint,
  disabled = false,
  children,
}: {
  label: string;
  file: File | null;
  currentUrl: string | null;
  limit: ImageLimit;
  onPick: (file: File) => void;
  onRemove: () => void;
  /** A message to show under the picker (the picker's own check, or the server's image error). */
  error?: string | null;
  onError: (message: string | null) => void;
  hint?: ReactNode;
  disabled?: boolean;
  /** Extra controls next to the buttons, such as "restore original". */
  children?: ReactNode;
}) {
  const t = useTranslations("ui.imagePicker");
  const said = useSaid();
  const id = useId();
  const previewUrl = useObjectUrl(file) ?? (file ? null : currentUrl);
  const hasImage = Boolean(file || currentUrl);
  return (
    <div>
      <span id={`${id}-label`} className="mb-1.5 block text-sm font-medium text-slate-700">
        {label}
      </span>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <div className="flex size-32 shrink-0 items-center justify-center overflow-hidden rounded-xl border border-slate-200 bg-slate-50">
          {previewUrl ? (
            // A plain img: object URLs and our own immutable images need no image optimiser.
            <img src={previewUrl} alt={t("preview")} className="size-full object-cover" />
          ) : (
            <span className="flex flex-col items-center gap-1 text-xs text-slate-500">
              <ImageIcon className="size-7 text-slate-400" />
              {t("noImage")}
            </span>
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-2">
          <div className="flex flex-wrap gap-2">
            {/* The real input is visually hidden inside its label; the label shows the keyboard focus. */}
            <label
              className={`${buttonClass({ size: "sm" })} relative has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-primary-600 ${
                disabled ? "pointer-events-none opacity-60" : "cursor-pointer"
              }`}
            >
              <ImageIcon className="size-4" />
              {hasImage ? t("change") : t("choose")}
              <input
                type="file"
                accept={ACCEPTED_IMAGE_TYPES}
                disabled={disabled}
                aria-labelledby={`${id}-label`}
                aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
                className="sr-only"
                onChange={(event) => {
                  const picked = event.target.files?.[0];
                  // Cleared so that picking the same file again still fires a change.
                  event.target.value = "";
                  if (!picked) return;
                  const problem = checkImageFile(picked, limit);
                  onError(problem);
                  if (!problem) onPick(picked);
                }}
              />
            </label>
            {hasImage && (
              <button
                type="button"
                onClick={onRemove}
                disabled={disabled}
                className={buttonClass({ size: "sm", variant: "ghost", className: "text-red-700 hover:bg-red-50" })}
              >
                <TrashIcon className="size-4" />
                {t("remove")}
              </button>
            )}
            {children}
          </div>
          <p id={`${id}-hint`} className="text-xs text-slate-500">
            {hint ?? t("hint", { megabytes: Math.round(limit.maxBytes / 1024 / 1024) })}
          </p>
          <div role="alert">
            {error && (
              <p id={`${id}-error`} className="text-sm text-red-700">
                {said(error)}
              </p>
            )}
          </div>
        </div>
      </div>
    </div>
  );
}
