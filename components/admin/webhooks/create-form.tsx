"use client";

import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import type { WebhookForm } from "@/lib/validation/webhook";
import { NEW_WEBHOOK, useWebhookForm, WebhookFields } from "./webhook-form";

/** The "new receiver" form. The container makes the call, and shows the secret its answer carries. */
export function CreateWebhookForm({ onSubmit, onCancel }: { onSubmit: (values: WebhookForm) => Promise<void>; onCancel: () => void }) {
  const t = useTranslations("admin.webhooks");
  const common = useTranslations("common");
  const { form, submit, formError } = useWebhookForm(NEW_WEBHOOK, onSubmit, t("createFailed"));
  // The panel just opened at the user's request: the cursor goes to its first field.
  useEffect(() => form.setFocus("url"), [form]);
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={t("newReceiver")}
      className="space-y-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <FormAlert message={formError} />
      <WebhookFields form={form} />
      <div className="flex justify-end gap-2">
        <Button onClick={onCancel}>{common("cancel")}</Button>
        <Button type="submit" variant="primary" busy={form.formState.isSubmitting}>
          {t("create")}
        </Button>
      </div>
    </form>
  );
}
