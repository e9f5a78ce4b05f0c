"use client";

import type { ColumnDef } from "@tanstack/react-table";
import type { useTranslations } from "next-intl";
import { FROM_MD, summaryColumn } from "@/components/admin/list/summary-column";
import { Button } from "@/components/ui/button";
import { SendIcon } from "@/components/ui/icons";
import type { WebhookDeliveryRow } from "@/shared/contracts/webhooks";

type Words = ReturnType<typeof useTranslations<"admin.webhooks">>;

const statusClass: Record<WebhookDeliveryRow["status"], string> = {
  pending: "bg-amber-50 text-amber-900 ring-amber-200",
  delivered: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  failed: "bg-red-50 text-red-800 ring-red-200",
};

function StatusCell({ delivery, t }: { delivery: WebhookDeliveryRow; t: Words }) {
  return (
    <div className="min-w-0">
      <span
        className={`inline-flex rounded-full px-2.5 py-1 text-xs font-semibold whitespace-nowrap ring-1 ${statusClass[delivery.status]}`}
      >
        {t(`log.status.${delivery.status}`)}
      </span>
      {delivery.last_error && <p className="mt-1 text-xs break-words text-slate-600">{delivery.last_error}</p>}
    </div>
  );
}

type DeliveryColumnsInput = {
  t: Words;
  moment: (iso: string) => string;
  busy: boolean;
  onResend: (delivery: WebhookDeliveryRow) => void;
};

/** When the next try is due: only a message still waiting has one. */
const nextTry = (delivery: WebhookDeliveryRow, { t, moment }: DeliveryColumnsInput) =>
  delivery.status === "pending" ? moment(delivery.next_attempt_at) : t("log.none");

const lastTry = (delivery: WebhookDeliveryRow, { t, moment }: DeliveryColumnsInput) =>
  delivery.last_tried_at ? moment(delivery.last_tried_at) : t("log.notYet");

function ResendButton({ delivery, input }: { delivery: WebhookDeliveryRow; input: DeliveryColumnsInput }) {
  const { t, moment, busy, onResend } = input;
  return (
    <Button
      size="sm"
      className="min-h-11"
      disabled={busy}
      onClick={() => onResend(delivery)}
      aria-label={t("log.resendOf", { type: delivery.type, when: moment(delivery.created_at) })}
    >
      <SendIcon className="size-4" /> {t("log.resend")}
    </Button>
  );
}

/**
 * A receiver's delivery log: the message type, its state (and last error), the receiver's HTTP answer, the
 * tries, the last and next try, and "send again". On phones a row is one cell, the figures on a line below.
 */
export function deliveryColumns(input: DeliveryColumnsInput): ColumnDef<WebhookDeliveryRow>[] {
  const { t } = input;
  return [
    summaryColumn("type", t("log.type"), (delivery) => (
      <>
        <code className="font-mono text-[0.8125rem] break-all text-slate-900">{delivery.type}</code>
        <div className="mt-2 space-y-2 md:hidden">
          <StatusCell delivery={delivery} t={t} />
          <p className="text-xs text-slate-600">
            {t("log.phoneLine", {
              code: delivery.last_response_code ?? t("log.none"),
              tries: delivery.tries,
              last: lastTry(delivery, input),
              next: nextTry(delivery, input),
            })}
          </p>
          <ResendButton delivery={delivery} input={input} />
        </div>
      </>
    )),
    { id: "status", header: t("log.statusHeader"), meta: FROM_MD, cell: ({ row }) => <StatusCell delivery={row.original} t={t} /> },
    {
      id: "code",
      header: t("log.code"),
      meta: FROM_MD,
      cell: ({ row }) => <span className="tabular-nums">{row.original.last_response_code ?? t("log.none")}</span>,
    },
    { id: "tries", header: t("log.tries"), meta: FROM_MD, cell: ({ row }) => <span className="tabular-nums">{row.original.tries}</span> },
    {
      id: "last",
      header: t("log.lastTry"),
      meta: FROM_MD,
      cell: ({ row }) => <span className="whitespace-nowrap">{lastTry(row.original, input)}</span>,
    },
    {
      id: "next",
      header: t("log.nextTry"),
      meta: FROM_MD,
      cell: ({ row }) => <span className="whitespace-nowrap">{nextTry(row.original, input)}</span>,
    },
    {
      id: "actions",
      header: () => <span className="sr-only">{t("actions")}</span>,
      meta: FROM_MD,
      cell: ({ row }) => <ResendButton delivery={row.original} input={input} />,
    },
  ];
}
