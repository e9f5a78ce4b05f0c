"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { useSaid } from "@/lib/client/use-said";
import { useServerSubmit } from "@/lib/client/use-server-submit";
import { type CreateAccountBody, createAccountBody } from "@/lib/validation/admin";
import { ROLES } from "@/shared/roles";

/** The "new account" form: name, role, password (8+ characters). The container makes the call. */
export function CreateAccountForm({
  onSubmit,
  onCancel,
}: {
  onSubmit: (values: CreateAccountBody) => Promise<void>;
  onCancel: () => void;
}) {
  const t = useTranslations("admin.accounts");
  const common = useTranslations("common");
  const roleName = useTranslations("admin.roles");
  const said = useSaid();
  const form = useForm<CreateAccountBody>({
    resolver: zodResolver(createAccountBody),
    defaultValues: { name: "", password: "", role: "desk" },
  });
  const { submit, formError } = useServerSubmit(form, {
    fields: ["name", "password", "role"],
    fallback: t("createFailed"),
    save: async (values) => {
      await onSubmit(values);
      form.reset();
    },
  });
  const { errors, isSubmitting } = form.formState;
  // The panel just opened at the user's request: the cursor goes to its first field.
  useEffect(() => form.setFocus("name"), [form]);
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t("newAccount")}
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <FormAlert message={formError} />
      <div className="grid gap-4 md:grid-cols-3">
        <Field label={t("name")} required error={said(errors.name?.message)}>
          {(control) => <input {...control} autoComplete="off" {...form.register("name")} />}
        </Field>
        <Field label={t("role")} required error={said(errors.role?.message)}>
          {(control) => (
            <select {...control} {...form.register("role")}>
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {t("roleOption", { role: roleName(role), hint: t(`roleHints.${role}`) })}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t("password")} required hint={t("passwordHint")} error={said(errors.password?.message)}>
          {(control) => <input {...control} type="password" autoComplete="new-password" {...form.register("password")} />}
        </Field>
      </div>
      <div className="flex justify-end gap-2">
        <Button onClick={onCancel}>{common("cancel")}</Button>
        <Button type="submit" variant="primary" busy={isSubmitting}>
          {t("create")}
        </Button>
      </div>
    </form>
  );
}
