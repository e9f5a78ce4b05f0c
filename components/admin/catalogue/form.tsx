"use client";

import { useTranslations } from "next-intl";
import { type FormEventHandler, type ReactNode, useEffect, useState } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { ImageChangeField, useImageChange } from "@/components/admin/image-field";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import type { ImageChange } from "@/components/ui/image-picker";
import { useSaid } from "@/lib/client/use-said";
import { IMAGE_LIMITS } from "@/lib/validation/image";
import { type CatalogueTextValues, catalogueTextInputs } from "./text-inputs";
import { type CatalogueKind, useCatalogueWords } from "./words";

type CatalogueFormMode = "create" | "edit";

/** What the product and prize forms take from their screen; `Submit` is the form's own save call. */
export type CatalogueFormProps<Values, Submit> = {
  mode: CatalogueFormMode;
  defaultValues: Values;
  originalImageUrl?: string | null;
  /** Shown when the call fails without a server message. */
  failureMessage: string;
  onSubmit: Submit;
  onCancel?: () => void;
  /** Told whether the form holds unsaved changes, so closing it can ask first. */
  onDirtyChange?: (dirty: boolean) => void;
  /** Put the cursor in the first field when the form appears (the add panel just opened). */
  focusOnMount?: boolean;
  /** Extra content between the fields and the buttons (the QR section, the current-distribution panel). */
  children?: ReactNode;
};

/**
 * What the add and edit forms of products and prizes share around their own react-hook-form: the image
 * change, the form-level error, telling the screen when the form holds unsaved changes, the cursor in the
 * name field on opening (when asked) and after each create, and Reset. `submitWith(perform, explain)` is the
 * submit handler: `explain` turns a failed call into the form-level message (null when it sits on fields).
 */
export function useCatalogueForm<Values extends FieldValues & { name: string }, Output>({
  form,
  mode,
  defaultValues,
  originalImageUrl = null,
  onDirtyChange,
  focusOnMount = false,
}: { form: UseFormReturn<Values, unknown, Output> } & Pick<
  CatalogueFormProps<Values, unknown>,
  "mode" | "defaultValues" | "originalImageUrl" | "onDirtyChange" | "focusOnMount"
>) {
  const image = useImageChange(originalImageUrl);
  const [formError, setFormError] = useState<string | null>(null);

  const dirty = form.formState.isDirty || image.change.kind !== "keep";
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);

  // On opening (when asked) and after each create: ready for the next one, the banner says this one was
  // saved. Run after the render that re-enables the form, since focus cannot stay on the busy Save button.
  // `savedFrom`: the form a create was saved from (null on opening). The admin may move on (type a search, say)
  // after the save ends but before this render's effect runs, so whether they did is asked again here.
  const [focusRequest, setFocusRequest] = useState<{ count: number; savedFrom: HTMLFormElement | null }>({
    count: focusOnMount ? 1 : 0,
    savedFrom: null,
  });
  const { setFocus } = form;
  useEffect(() => {
    if (focusRequest.count === 0 || (focusRequest.savedFrom !== null && movedOn(focusRequest.savedFrom))) return;
    // Every catalogue form has a name field (the type parameter says so); Path<> cannot see that generically.
    setFocus("name" as Path<Values>);
  }, [focusRequest, setFocus]);

  const resetAll = () => {
    form.reset(defaultValues);
    image.restore();
    setFormError(null);
  };

  const submitWith = (perform: (values: Output, image: ImageChange) => Promise<void>, explain: (error: unknown) => string | null) =>
    form.handleSubmit(async (values) => {
      setFormError(null);
      // The form the admin saved from (its Save button, or a field they pressed Enter in).
      const savedFrom = document.activeElement instanceof HTMLElement ? document.activeElement.closest("form") : null;
      try {
        await perform(values, image.change);
        if (mode === "create") {
          resetAll();
          // Unless they moved on while it saved (typing a search, say): their focus, and their Enter, stay there.
          if (!movedOn(savedFrom)) setFocusRequest(({ count }) => ({ count: count + 1, savedFrom }));
        }
      } catch (error) {
        setFormError(explain(error));
      }
    });

  return { mode, image, formError, resetAll, submitWith, submitting: form.formState.isSubmitting };
}

/** Focus is somewhere other than the form saved from (the disabled Save button leaves it on the page itself). */
function movedOn(savedFrom: HTMLFormElement | null): boolean {
  const active = document.activeElement;
  return active !== null && active !== document.body && !savedFrom?.contains(active);
}

export type CatalogueFormState = ReturnType<typeof useCatalogueForm>;

/**
 * The add and edit form's layout: form-level error, image, name, description, the screen's own fields
 * (`children`), then Reset, Cancel and Save. In the edit modal the buttons stay in view while the body scrolls.
 */
export function CatalogueFormLayout<Values extends CatalogueTextValues, Output>({
  state,
  noun,
  form,
  onSubmit,
  submitDisabled = false,
  onCancel,
  children,
}: {
  state: Pick<CatalogueFormState, "mode" | "image" | "formError" | "resetAll" | "submitting">;
  /** Says what the form edits, and so the image's size limit. */
  noun: CatalogueKind;
  /** The form whose name, description and translations (server-behaviour.md, "Names in the visitor's language") are laid out here. */
  form: UseFormReturn<Values, unknown, Output>;
  /** `submitWith(...)`'s handler. */
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitDisabled?: boolean;
  onCancel?: () => void;
  /** The screen's own fields and panels, between the description and the buttons. */
  children?: ReactNode;
}) {
  const { mode, image, formError, resetAll, submitting } = state;
  const { nameInput, descriptionInput, translationInput, errors } = catalogueTextInputs(form);
  const t = useTranslations("common");
  const words = useCatalogueWords(noun);
  const said = useSaid();
  return (
    <form onSubmit={onSubmit} noValidate aria-busy={submitting || undefined} className="space-y-5">
      <FormAlert message={formError} />

      <ImageChangeField image={image} mode={mode} limit={IMAGE_LIMITS[noun]} noun={words("noun")} disabled={submitting} />

      <Field label={t("name")} required error={said(errors.name)}>
        {(control) => <input {...control} autoComplete="off" {...nameInput} />}
      </Field>
      {/* The event's languages side by side under the name, in sight: folded away, they went unnoticed. */}
      <fieldset className="space-y-2">
        <legend className="text-sm text-slate-600">{t("inOtherLanguagesHint")}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label={t("nameEn")} error={said(errors.name_en)}>
            {(control) => <input {...control} lang="en" autoComplete="off" {...translationInput("name_en")} />}
          </Field>
          <Field label={t("nameKo")} error={said(errors.name_ko)}>
            {(control) => <input {...control} lang="ko" autoComplete="off" {...translationInput("name_ko")} />}
          </Field>
        </div>
      </fieldset>
      <Field label={t("description")} error={said(errors.description)}>
        {(control) => <textarea {...control} rows={3} {...descriptionInput} />}
      </Field>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("descriptionEn")} error={said(errors.description_en)}>
          {(control) => <textarea {...control} lang="en" rows={2} {...translationInput("description_en")} />}
        </Field>
        <Field label={t("descriptionKo")} error={said(errors.description_ko)}>
          {(control) => <textarea {...control} lang="ko" rows={2} {...translationInput("description_ko")} />}
        </Field>
      </div>

      {children}

      {/* The modal body pads by 1rem: the sticky bar covers that padding so nothing scrolls under it. */}
      <div
        className={`flex justify-end gap-2 border-t border-slate-200 pt-4 *:flex-1 sm:*:flex-none ${
          mode === "edit" ? "sticky -bottom-4 -mx-5 -mb-4 bg-white px-5 pb-4 sm:-mx-6 sm:px-6" : ""
        }`}
      >
        <Button onClick={resetAll} disabled={submitting}>
          {t("reset")}
        </Button>
        {onCancel && (
          <Button onClick={onCancel} disabled={submitting}>
            {t("cancel")}
          </Button>
        )}
        <Button type="submit" variant="primary" busy={submitting} disabled={submitDisabled}>
          {submitting ? t("saving") : t("save")}
        </Button>
      </div>
    </form>
  );
}

/** The image part of a save's multipart body: a new file, removal of the stored one, or nothing. */
export function appendImageChange(form: FormData, image: ImageChange) {
  if (image.kind === "replace") form.append("image", image.file);
  if (image.kind === "remove") form.append("remove_image", "true");
}
