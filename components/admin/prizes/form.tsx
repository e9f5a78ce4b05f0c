"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { appendImageChange, CatalogueFormLayout, type CatalogueFormProps, useCatalogueForm } from "@/components/admin/catalogue/form";
import { CheckboxWithHint } from "@/components/ui/checkbox";
import { Field } from "@/components/ui/field";
import type { ImageChange } from "@/components/ui/image-picker";
import { ApiError } from "@/lib/client/api";
import { applyServerErrors } from "@/lib/client/form-errors";
import { useSaid } from "@/lib/client/use-said";
import { type CreatePrizeBody, createPrizeBody, updatePrizeBody } from "@/lib/validation/prize";
import { appendTranslations, TRANSLATION_FIELDS, translationFormValues } from "@/lib/validation/translations";

/** The form as its inputs hold it: numbers as typed, turned into numbers by the server's own schema. */
export type PrizeFormValues = {
  name: string;
  description: string;
  name_en: string;
  name_ko: string;
  description_en: string;
  description_ko: string;
  total_quantity: string;
  daily_distribution: string;
  maintenance_count: string;
  /** Empty: no hourly limit. */
  hourly_limit: string;
  remaining_quantity: string;
  is_active: boolean;
};

/** What a valid form gives the screen: the server's body fields, numbers parsed. */
export type PrizeFormOutput = CreatePrizeBody & { remaining_quantity?: number };

/** The add form's defaults (server-behaviour.md): ten in stock, two a day, two placed at a time, active. */
export const NEW_PRIZE: PrizeFormValues = {
  name: "",
  description: "",
  ...translationFormValues({}),
  total_quantity: "10",
  daily_distribution: "2",
  maintenance_count: "2",
  hourly_limit: "",
  remaining_quantity: "",
  is_active: true,
};

const NUMBER_FIELDS = ["total_quantity", "daily_distribution", "maintenance_count", "hourly_limit", "remaining_quantity"] as const;
const ALL_FIELDS = ["name", "description", ...TRANSLATION_FIELDS, "is_active", ...NUMBER_FIELDS] as const;

/** The stock changed under an open edit form: say by how much, in the organiser's words. */
function staleStockMessage(t: ReturnType<typeof useTranslations<"admin.prizes.form">>, shown: number, now: number): string {
  const won = shown - now;
  return won > 0 ? t("staleWon", { won, now }) : t("staleChanged", { now });
}

/**
 * The add and edit form of a prize (spec §2, §5): image, name, description, total, daily, maintenance count,
 * active, and when editing the remaining quantity. The rules between the numbers come from the server's zod
 * schema and are checked as the organiser types; Save stays disabled while one fails. An edit sends the
 * remaining quantity it showed, so a stale one comes back 409 and is explained here. `onSubmit`'s `shownRemaining`:
 * the remaining quantity the edit form was opened with (or last told by the server).
 */
export function PrizeFormFields({
  failureMessage,
  onSubmit,
  onCancel,
  children,
  ...formProps
}: CatalogueFormProps<
  PrizeFormValues,
  (values: PrizeFormOutput, image: ImageChange, shownRemaining: number | undefined) => Promise<void>
>) {
  const { mode, defaultValues } = formProps;
  const t = useTranslations("admin.prizes.form");
  const said = useSaid();
  const [shownRemaining, setShownRemaining] = useState(mode === "edit" ? Number(defaultValues.remaining_quantity) : undefined);
  const form = useForm<PrizeFormValues, unknown, PrizeFormOutput>({
    // The schema reads multipart text exactly as the server does; its input type is `unknown` per field.
    resolver: zodResolver(mode === "create" ? createPrizeBody : updatePrizeBody) as unknown as Resolver<
      PrizeFormValues,
      unknown,
      PrizeFormOutput
    >,
    defaultValues,
    mode: "onChange",
  });
  const state = useCatalogueForm({ form, ...formProps });
  const { register, getValues, setValue } = form;
  const { errors } = form.formState;

  // Spec §5: submit is disabled while a quantity rule fails (an empty name is said on Save instead).
  const numbersInvalid = NUMBER_FIELDS.some((field) => errors[field]);
  // A change to one number re-checks the rules that involve the others.
  const numberOptions = { deps: NUMBER_FIELDS.filter((field) => mode === "edit" || field !== "remaining_quantity") };

  const submit = state.submitWith(
    (values, image) => onSubmit(values, image, shownRemaining),
    (error) => {
      const current = error instanceof ApiError && error.status === 409 ? error.body?.remaining_quantity : undefined;
      if (typeof current === "number" && shownRemaining !== undefined) {
        // Keep what the organiser typed; only an untouched remaining quantity follows the server.
        if (getValues("remaining_quantity") === String(shownRemaining)) setValue("remaining_quantity", String(current));
        setShownRemaining(current);
        return staleStockMessage(t, shownRemaining, current);
      }
      return applyServerErrors(error, {
        fields: ALL_FIELDS,
        setError: form.setError,
        extra: { image: state.image.setError },
        fallback: failureMessage,
      });
    },
  );

  const numberInput = { type: "text", inputMode: "numeric", autoComplete: "off" } as const;
  return (
    <CatalogueFormLayout state={state} noun="prize" onSubmit={submit} form={form} submitDisabled={numbersInvalid} onCancel={onCancel}>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("total")} required hint={t("totalHint")} error={said(errors.total_quantity?.message)}>
          {(control) => <input {...control} {...numberInput} {...register("total_quantity", numberOptions)} />}
        </Field>
        {mode === "edit" && (
          <Field label={t("remaining")} required hint={t("remainingHint")} error={said(errors.remaining_quantity?.message)}>
            {(control) => <input {...control} {...numberInput} {...register("remaining_quantity", numberOptions)} />}
          </Field>
        )}
        <Field label={t("daily")} required hint={t("dailyHint")} error={said(errors.daily_distribution?.message)}>
          {(control) => <input {...control} {...numberInput} {...register("daily_distribution", numberOptions)} />}
        </Field>
        <Field label={t("maintenance")} required hint={t("maintenanceHint")} error={said(errors.maintenance_count?.message)}>
          {(control) => <input {...control} {...numberInput} {...register("maintenance_count", numberOptions)} />}
        </Field>
        <Field label={t("hourly")} hint={t("hourlyHint")} error={said(errors.hourly_limit?.message)}>
          {(control) => <input {...control} {...numberInput} {...register("hourly_limit", numberOptions)} />}
        </Field>
      </div>

      <CheckboxWithHint
        label={t("active")}
        hint={t("activeHint")}
        className="rounded-lg border border-slate-200 p-3"
        {...register("is_active")}
      />

      {children}
    </CatalogueFormLayout>
  );
}

/** A prize save's multipart body; an edit also sends the remaining quantity it showed (a stale one is refused). */
export function prizeFormData(values: PrizeFormOutput, image: ImageChange, shownRemaining?: number): FormData {
  const form = new FormData();
  form.append("name", values.name);
  form.append("description", values.description);
  appendTranslations(form, values);
  form.append("total_quantity", String(values.total_quantity));
  form.append("daily_distribution", String(values.daily_distribution));
  form.append("maintenance_count", String(values.maintenance_count));
  form.append("hourly_limit", values.hourly_limit === null ? "" : String(values.hourly_limit));
  form.append("is_active", String(values.is_active));
  if (values.remaining_quantity !== undefined) form.append("remaining_quantity", String(values.remaining_quantity));
  if (shownRemaining !== undefined) form.append("expected_remaining_quantity", String(shownRemaining));
  appendImageChange(form, image);
  return form;
}
