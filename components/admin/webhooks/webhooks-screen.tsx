"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { AddingScreen } from "@/components/admin/adding-screen";
import { ListScreenTable } from "@/components/admin/list/list-screen-table";
import { useAdminList } from "@/components/admin/list/use-admin-list";
import { useListTable } from "@/components/admin/list/use-list-table";
import { useBanner } from "@/components/ui/banner";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { KeyIcon, LogIcon, PencilIcon, SendIcon, TrashIcon, WebhookIcon } from "@/components/ui/icons";
import type { RowAction } from "@/components/ui/row-actions";
import { errorMessage } from "@/lib/client/api";
import { useMoment } from "@/lib/client/use-moment";
import { webhooksApi } from "@/lib/client/webhooks";
import type { WebhookRow } from "@/shared/contracts/webhooks";
import { webhookColumns } from "./columns";
import { CreateWebhookForm } from "./create-form";
import { DeliveriesModal } from "./deliveries-modal";
import { EditWebhookModal } from "./edit-modal";
import { SecretModal, type ShownSecret } from "./secret-modal";

const NO_FILTERS = {};

/**
 * /admin/webhooks (owners and managers): the receivers the server posts the event's changes to. Add one (its
 * signing secret shown once), change it, delete it, make it a new secret (shown once), send it a test
 * message, and read its delivery log with "send again".
 */
export function WebhooksScreen() {
  const t = useTranslations("admin.webhooks");
  const common = useTranslations("common");
  const { moment } = useMoment();
  const list = useAdminList<WebhookRow, Record<string, string>>({ api: webhooksApi, filters: NO_FILTERS, failureMessage: t("loadFailed") });
  const { banner, show } = useBanner();
  const [editing, setEditing] = useState<WebhookRow | null>(null);
  const [deleting, setDeleting] = useState<WebhookRow | null>(null);
  const [rolling, setRolling] = useState<WebhookRow | null>(null);
  const [log, setLog] = useState<{ webhook: WebhookRow; watching: number | null } | null>(null);
  const [secret, setSecret] = useState<ShownSecret | null>(null);

  const remove = useMutation({
    mutationFn: (webhook: WebhookRow) => webhooksApi.remove(webhook.id),
    onSuccess: (_result, webhook) => {
      setDeleting(null);
      show("success", t("deleted", { url: webhook.url }));
      list.afterDelete(1);
    },
    onError: (error) => {
      setDeleting(null);
      show("error", errorMessage(error, t("deleteFailed")));
    },
  });
  const roll = useMutation({
    mutationFn: (webhook: WebhookRow) => webhooksApi.rollSecret(webhook.id),
    onSuccess: ({ secret: fresh }, webhook) => {
      setRolling(null);
      setSecret({ url: webhook.url, secret: fresh, reason: "rolled" });
    },
    onError: (error) => {
      setRolling(null);
      show("error", errorMessage(error, t("rollFailed")));
    },
  });
  const sendTest = useMutation({
    mutationFn: (webhook: WebhookRow) => webhooksApi.sendTest(webhook.id),
    // The log opens on the message just queued and says what becomes of it.
    onSuccess: (delivery, webhook) => setLog({ webhook, watching: delivery.id }),
    onError: (error) => show("error", errorMessage(error, t("testFailed"))),
  });
  const { mutate: test } = sendTest;

  const actions = useMemo<RowAction<WebhookRow>[]>(
    () => [
      { label: common("edit"), icon: <PencilIcon className="size-4" />, onClick: setEditing },
      { label: t("sendTest"), icon: <SendIcon className="size-4" />, tone: "primary", onClick: (webhook) => test(webhook) },
      { label: t("log.open"), icon: <LogIcon className="size-4" />, onClick: (webhook) => setLog({ webhook, watching: null }) },
      { label: t("roll"), icon: <KeyIcon className="size-4" />, onClick: setRolling },
      { label: common("delete"), icon: <TrashIcon className="size-4" />, tone: "danger", onClick: setDeleting },
    ],
    [common, t, test],
  );
  const columns = useMemo(() => webhookColumns({ actions, t, actionsLabel: common("actions"), moment }), [actions, t, common, moment]);
  const { table } = useListTable(list, columns);

  return (
    <AddingScreen
      title={t("title")}
      description={t("description")}
      addLabel={t("newReceiver")}
      banner={banner}
      form={(close) => (
        <CreateWebhookForm
          onCancel={close}
          onSubmit={async (values) => {
            const created = await webhooksApi.create(values);
            close();
            setSecret({ url: created.url, secret: created.secret, reason: "created" });
            list.showFirstPage();
          }}
        />
      )}
    >
      <ListScreenTable
        screen="webhooks"
        list={list}
        table={table}
        empty={<EmptyState icon={<WebhookIcon />} title={t("emptyTitle")} description={t("emptyDescription")} />}
      />
      <EditWebhookModal
        webhook={editing}
        onClose={() => setEditing(null)}
        onSave={async (webhook, changes) => {
          await webhooksApi.update(webhook.id, changes);
          show("success", t("saved", { url: changes.url ?? webhook.url }));
          void list.invalidate();
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t("deleteTitle")}
        confirmLabel={common("delete")}
        busy={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting)}
      >
        {t("deleteBody", { url: deleting?.url ?? "" })}
      </ConfirmDialog>
      <ConfirmDialog
        open={rolling !== null}
        onClose={() => setRolling(null)}
        title={t("rollTitle")}
        confirmLabel={t("rollConfirm")}
        busy={roll.isPending}
        onConfirm={() => rolling && roll.mutate(rolling)}
      >
        {t("rollBody", { url: rolling?.url ?? "" })}
      </ConfirmDialog>
      <SecretModal shown={secret} onClose={() => setSecret(null)} />
      <DeliveriesModal webhook={log?.webhook ?? null} watching={log?.watching ?? null} onClose={() => setLog(null)} />
    </AddingScreen>
  );
}
