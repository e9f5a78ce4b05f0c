"use client";

import { useState } from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { applyServerErrors } from "./form-errors";

/**
 * A react-hook-form form's submit: checked by its schema, then `save`; the server's refusals go on their fields
 * (`applyServerErrors`), anything else is `formError`, cleared at the next try.
 */
export function useServerSubmit<T extends FieldValues>(
  form: UseFormReturn<T>,
  { fields, fallback, save }: { fields: readonly Path<T>[]; fallback: string; save: (values: T) => Promise<void> },
) {
  const [formError, setFormError] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await save(values);
    } catch (error) {
      setFormError(applyServerErrors(error, { fields, setError: form.setError, fallback }));
    }
  });
  return { submit, formError };
}
