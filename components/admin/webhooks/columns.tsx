"use client";

import type { ColumnDef } from "@tanstack/react-table";
import type { useTranslations } from "next-intl";
import { FROM_MD, summaryColumn } from "@/components/admin/list/summary-column";
import { type RowAction, RowActions } from "@/components/ui/row-actions";
import { StatusBadge } from "@/components/ui/status-badge";
import type { WebhookRow } from "@/shared/contracts/webhooks";

type Words = ReturnType<typeof useTranslations<"admin.webhooks">>;

function TypeList({ webhook }: { webhook: WebhookRow }) {
  return (
    <ul className="flex flex-wrap gap-1">
      {webhook.types.map((type) => (
        <li key={type}>
          <code className="inline-flex rounded-md bg-slate-100 px-1.5 py-0.5 font-mono text-xs whitespace-nowrap text-slate-800">
            {type}
          </code>
        </li>
      ))}
    </ul>
  );
}

/**
 * The receivers table: address, message types, on or off, nicknames, created, and the row's actions. On
 * phones a row is one cell: the address, its state, the types and the actions below (the other width's
 * controls are display:none, so a screen reader and the keyboard meet each once).
 */
export function webhookColumns({
  actions,
  t,
  actionsLabel,
  moment,
}: {
  actions: RowAction<WebhookRow>[];
  t: Words;
  actionsLabel: string;
  moment: (iso: string) => string;
}): ColumnDef<WebhookRow>[] {
  const state = (webhook: WebhookRow) => <StatusBadge active={webhook.active} activeLabel={t("on")} inactiveLabel={t("off")} />;
  return [
    summaryColumn("url", t("url"), (webhook) => (
      <>
        <p className="font-mono text-[0.8125rem] font-semibold [overflow-wrap:anywhere] text-slate-900 md:min-w-48">{webhook.url}</p>
        <div className="mt-2 space-y-2 md:hidden">
          <p className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
            {state(webhook)}
            <span>{t("phoneLine", { nickname: webhook.include_nickname ? t("yes") : t("no"), when: moment(webhook.created_at) })}</span>
          </p>
          <TypeList webhook={webhook} />
          <RowActions row={webhook} name={webhook.url} actions={actions} labelsFrom="2xl" />
        </div>
      </>
    )),
    { id: "types", header: t("types"), meta: FROM_MD, cell: ({ row }) => <TypeList webhook={row.original} /> },
    { id: "active", header: t("state"), meta: FROM_MD, cell: ({ row }) => state(row.original) },
    {
      id: "nickname",
      header: t("nicknames"),
      meta: FROM_MD,
      cell: ({ row }) => (row.original.include_nickname ? t("yes") : t("no")),
    },
    {
      id: "created",
      header: t("created"),
      meta: FROM_MD,
      cell: ({ row }) => <span className="whitespace-nowrap">{moment(row.original.created_at)}</span>,
    },
    {
      id: "actions",
      header: () => <span className="sr-only">{actionsLabel}</span>,
      meta: FROM_MD,
      cell: ({ row }) => <RowActions row={row.original} name={row.original.url} actions={actions} labelsFrom="2xl" />,
    },
  ];
}
