"use client";

import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";
import { Modal } from "@/components/ui/modal";
import type { WebhookForm } from "@/lib/validation/webhook";
import type { WebhookRow } from "@/shared/contracts/webhooks";
import { useWebhookForm, WebhookFields } from "./webhook-form";

/** The receiver's fields in a modal; only what changed is sent (an unchanged address is not looked up again). */
export function EditWebhookModal({
  webhook,
  onClose,
  onSave,
}: {
  webhook: WebhookRow | null;
  onClose: () => void;
  onSave: (webhook: WebhookRow, changes: Partial<WebhookForm>) => Promise<void>;
}) {
  const t = useTranslations("admin.webhooks");
  return (
    <Modal open={webhook !== null} onClose={onClose} size="2xl" title={t("editTitle")} description={webhook?.url}>
      {/* A fresh form for each receiver opened: its values are that receiver's. */}
      {webhook && <EditForm key={webhook.id} webhook={webhook} onClose={onClose} onSave={onSave} />}
    </Modal>
  );
}

function EditForm({
  webhook,
  onClose,
  onSave,
}: {
  webhook: WebhookRow;
  onClose: () => void;
  onSave: (webhook: WebhookRow, changes: Partial<WebhookForm>) => Promise<void>;
}) {
  const t = useTranslations("admin.webhooks");
  const common = useTranslations("common");
  const { form, submit, formError } = useWebhookForm(
    { url: webhook.url, types: webhook.types, active: webhook.active, include_nickname: webhook.include_nickname },
    async (values) => {
      const changes: Partial<WebhookForm> = {};
      if (values.url !== webhook.url) changes.url = values.url;
      if ([...values.types].sort().join() !== [...webhook.types].sort().join()) changes.types = values.types;
      if (values.active !== webhook.active) changes.active = values.active;
      if (values.include_nickname !== webhook.include_nickname) changes.include_nickname = values.include_nickname;
      if (Object.keys(changes).length > 0) await onSave(webhook, changes);
      onClose();
    },
    t("saveFailed"),
  );
  const busy = form.formState.isSubmitting;
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <FormAlert message={formError} />
      <WebhookFields form={form} />
      <div className="flex justify-end gap-2">
        <Button onClick={onClose} disabled={busy}>
          {common("cancel")}
        </Button>
        <Button type="submit" variant="primary" busy={busy}>
          {common("save")}
        </Button>
      </div>
    </form>
  );
}
