"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useEffect, useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { ROLE_LABELS, ROLES } from "@/lib/auth/roles";
import { applyServerErrors } from "@/lib/client/form-errors";
import { type CreateAccountBody, createAccountBody } from "@/lib/validation/admin";

export const ROLE_HINTS = {
  owner: "everything, and accounts",
  manager: "everything but accounts",
  desk: "the prize desk only",
  viewer: "reads everything, changes nothing",
} as const;

/** The "new account" form: name, role, password (8+ characters). The container makes the call. */
export function CreateAccountForm({
  onSubmit,
  onCancel,
}: {
  onSubmit: (values: CreateAccountBody) => Promise<void>;
  onCancel: () => void;
}) {
  const form = useForm<CreateAccountBody>({
    resolver: zodResolver(createAccountBody),
    defaultValues: { name: "", password: "", role: "desk" },
  });
  const [formError, setFormError] = useState<string | null>(null);
  const { errors, isSubmitting } = form.formState;
  // The panel just opened at the user's request: the cursor goes to its first field.
  useEffect(() => form.setFocus("name"), [form]);
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values);
      form.reset();
    } catch (error) {
      setFormError(
        applyServerErrors(error, {
          fields: ["name", "password", "role"],
          setError: form.setError,
          fallback: "Failed to create the account.",
        }),
      );
    }
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="New account"
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <FormAlert message={formError} />
      <div className="grid gap-4 md:grid-cols-3">
        <Field label="Name" required error={errors.name?.message}>
          {(control) => <input {...control} autoComplete="off" {...form.register("name")} />}
        </Field>
        <Field label="Role" required error={errors.role?.message}>
          {(control) => (
            <select {...control} {...form.register("role")}>
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABELS[role]}: {ROLE_HINTS[role]}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Password" required hint="8 characters or more." error={errors.password?.message}>
          {(control) => <input {...control} type="password" autoComplete="new-password" {...form.register("password")} />}
        </Field>
      </div>
      <div className="flex justify-end gap-2">
        <Button onClick={onCancel}>Cancel</Button>
        <Button type="submit" variant="primary" busy={isSubmitting}>
          Create account
        </Button>
      </div>
    </form>
  );
}
