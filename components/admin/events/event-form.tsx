"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { CheckboxWithHint } from "@/components/ui/checkbox";
import { Field } from "@/components/ui/field";
import { FormAlert } from "@/components/ui/form-alert";
import { useSaid } from "@/lib/client/use-said";
import { useServerSubmit } from "@/lib/client/use-server-submit";
import { type EventForm as EventFormValues, eventForm } from "@/lib/validation/event";

const FIELDS = ["name", "keep_addresses"] as const;

/**
 * An event's name, and for a copy the "keep the addresses" box: the new event form above the list, and the
 * rename and copy dialogs. The server's refusals go on their field, anything else above the form.
 */
export function EventForm({
  label,
  name = "",
  copying = false,
  submitLabel,
  failedMessage,
  onSubmit,
  onCancel,
}: {
  /** The form's accessible name. */
  label: string;
  name?: string;
  /** A copy: shows the "keep the addresses" box. */
  copying?: boolean;
  submitLabel: string;
  failedMessage: string;
  onSubmit: (values: EventFormValues) => Promise<void>;
  onCancel: () => void;
}) {
  const t = useTranslations("admin.events");
  const common = useTranslations("common");
  const said = useSaid();
  const form = useForm<EventFormValues>({ resolver: zodResolver(eventForm), defaultValues: { name, keep_addresses: false } });
  const { submit, formError } = useServerSubmit(form, { fields: FIELDS, fallback: failedMessage, save: onSubmit });
  const { errors, isSubmitting } = form.formState;
  // Opened at the user's request: the cursor goes to the name.
  useEffect(() => form.setFocus("name"), [form]);
  return (
    <form onSubmit={submit} noValidate aria-label={label} className="space-y-4">
      <FormAlert message={formError} />
      <Field label={t("name")} required hint={t("nameHint")} error={said(errors.name?.message)}>
        {(control) => <input {...control} autoComplete="off" {...form.register("name")} />}
      </Field>
      {copying && <CheckboxWithHint label={t("keepAddresses")} hint={t("keepAddressesHint")} {...form.register("keep_addresses")} />}
      <div className="flex justify-end gap-2">
        <Button onClick={onCancel} disabled={isSubmitting}>
          {common("cancel")}
        </Button>
        <Button type="submit" variant="primary" busy={isSubmitting}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
