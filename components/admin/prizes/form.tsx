"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { type ReactNode, useEffect, useState } from "react";
import { type Resolver, useForm } from "react-hook-form";
import { ImageChangeField, useImageChange } from "@/components/admin/image-field";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import type { ImageChange } from "@/components/ui/image-picker";
import { ApiError } from "@/lib/client/api";
import { applyServerErrors } from "@/lib/client/form-errors";
import { IMAGE_LIMITS } from "@/lib/validation/image";
import { type CreatePrizeBody, createPrizeBody, updatePrizeBody } from "@/lib/validation/prize";

/** The form as its inputs hold it: numbers as typed, turned into numbers by the server's own schema. */
export type PrizeFormValues = {
  name: string;
  description: string;
  total_quantity: string;
  daily_distribution: string;
  maintenance_count: string;
  remaining_quantity: string;
  is_active: boolean;
};

/** What a valid form gives the screen: the server's body fields, numbers parsed. */
export type PrizeFormOutput = CreatePrizeBody & { remaining_quantity?: number };

/** The add form's defaults (server-behaviour.md): ten in stock, two a day, two placed at a time, active. */
export const NEW_PRIZE: PrizeFormValues = {
  name: "",
  description: "",
  total_quantity: "10",
  daily_distribution: "2",
  maintenance_count: "2",
  remaining_quantity: "",
  is_active: true,
};

const NUMBER_FIELDS = ["total_quantity", "daily_distribution", "maintenance_count", "remaining_quantity"] as const;
const ALL_FIELDS = ["name", "description", "is_active", ...NUMBER_FIELDS] as const;

/** The stock changed under an open edit form: say by how much, in the organiser's words. */
function staleStockMessage(shown: number, now: number): string {
  const won = shown - now;
  return won > 0
    ? `${won} ${won === 1 ? "was" : "were"} won since you opened this form: now ${now} left. Check the remaining quantity, then save again.`
    : `The remaining quantity changed to ${now} since you opened this form. Check it, then save again.`;
}

/**
 * The add and edit form of a prize (spec §2, §5): image, name, description, total, daily, maintenance count,
 * active, and when editing the remaining quantity. The rules between the numbers come from the server's zod
 * schema and are checked as the organiser types; Save stays disabled while one fails. An edit sends the
 * remaining quantity it showed, so a stale one comes back 409 and is explained here.
 */
export function PrizeFormFields({
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
  defaultValues: PrizeFormValues;
  originalImageUrl?: string | null;
  failureMessage: string;
  /** `shownRemaining`: the remaining quantity the edit form was opened with (or last told by the server). */
  onSubmit: (values: PrizeFormOutput, image: ImageChange, shownRemaining: number | undefined) => Promise<void>;
  onCancel?: () => void;
  onDirtyChange?: (dirty: boolean) => void;
  focusOnMount?: boolean;
  /** Extra content between the fields and the buttons (the current-distribution panel when editing). */
  children?: ReactNode;
}) {
  const image = useImageChange(originalImageUrl);
  const [formError, setFormError] = useState<string | null>(null);
  const [shownRemaining, setShownRemaining] = useState(mode === "edit" ? Number(defaultValues.remaining_quantity) : undefined);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    setValue,
    getValues,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<PrizeFormValues, unknown, PrizeFormOutput>({
    // The schema reads multipart text exactly as the server does; its input type is `unknown` per field.
    resolver: zodResolver(mode === "create" ? createPrizeBody : updatePrizeBody) as unknown as Resolver<
      PrizeFormValues,
      unknown,
      PrizeFormOutput
    >,
    defaultValues,
    mode: "onChange",
  });

  const dirty = isDirty || image.change.kind !== "keep";
  useEffect(() => {
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);

  const [focusRequest, setFocusRequest] = useState(focusOnMount ? 1 : 0);
  useEffect(() => {
    if (focusRequest > 0) setFocus("name");
  }, [focusRequest, setFocus]);

  // Spec §5: submit is disabled while a quantity rule fails (an empty name is said on Save instead).
  const numbersInvalid = NUMBER_FIELDS.some((field) => errors[field]);
  // A change to one number re-checks the rules that involve the others.
  const numberOptions = { deps: NUMBER_FIELDS.filter((field) => mode === "edit" || field !== "remaining_quantity") };

  const resetAll = () => {
    reset(defaultValues);
    image.restore();
    setFormError(null);
  };

  const submit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values, image.change, shownRemaining);
      if (mode === "create") {
        resetAll();
        setFocusRequest((count) => count + 1);
      }
    } catch (error) {
      const current = error instanceof ApiError && error.status === 409 ? error.body?.remaining_quantity : undefined;
      if (typeof current === "number" && shownRemaining !== undefined) {
        // Keep what the organiser typed; only an untouched remaining quantity follows the server.
        if (getValues("remaining_quantity") === String(shownRemaining)) setValue("remaining_quantity", String(current));
        setShownRemaining(current);
        setFormError(staleStockMessage(shownRemaining, current));
        return;
      }
      setFormError(applyServerErrors(error, { fields: ALL_FIELDS, setError, extra: { image: image.setError }, fallback: failureMessage }));
    }
  });

  const numberInput = { type: "text", inputMode: "numeric", autoComplete: "off" } as const;
  return (
    <form onSubmit={submit} noValidate aria-busy={isSubmitting || undefined} className="space-y-5">
      <FormAlert message={formError} />

      <ImageChangeField image={image} mode={mode} limit={IMAGE_LIMITS.prize} noun="prize" disabled={isSubmitting} />

      <Field label="Name" required error={errors.name?.message}>
        {(control) => <input {...control} autoComplete="off" {...register("name")} />}
      </Field>
      <Field label="Description" error={errors.description?.message}>
        {(control) => <textarea {...control} rows={3} {...register("description")} />}
      </Field>

      <div className="grid gap-4 sm:grid-cols-2">
        <Field label="Total quantity" required hint="Units in stock for the whole event." error={errors.total_quantity?.message}>
          {(control) => <input {...control} {...numberInput} {...register("total_quantity", numberOptions)} />}
        </Field>
        {mode === "edit" && (
          <Field label="Remaining quantity" required hint="Units not won yet." error={errors.remaining_quantity?.message}>
            {(control) => <input {...control} {...numberInput} {...register("remaining_quantity", numberOptions)} />}
          </Field>
        )}
        <Field label="Daily distribution" required hint="Most units won per day." error={errors.daily_distribution?.message}>
          {(control) => <input {...control} {...numberInput} {...register("daily_distribution", numberOptions)} />}
        </Field>
        <Field
          label="Maintenance count"
          required
          hint="Pages holding this prize at once, in maintenance mode."
          error={errors.maintenance_count?.message}
        >
          {(control) => <input {...control} {...numberInput} {...register("maintenance_count", numberOptions)} />}
        </Field>
      </div>

      <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border border-slate-200 p-3">
        <input type="checkbox" className="mt-0.5 size-5 rounded border-slate-300 accent-indigo-600" {...register("is_active")} />
        <span>
          <span className="block text-sm font-medium text-slate-900">Active</span>
          <span className="block text-sm text-slate-600">Inactive prizes are not placed on product pages.</span>
        </span>
      </label>

      {children}

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
        <Button type="submit" variant="primary" busy={isSubmitting} disabled={numbersInvalid}>
          {isSubmitting ? "Saving…" : "Save"}
        </Button>
      </div>
    </form>
  );
}
