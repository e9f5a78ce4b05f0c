"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { TableSkeleton } from "@/components/admin/screen-skeleton";
import { Banner, useBanner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { LogIcon, RefreshIcon, SendIcon } from "@/components/ui/icons";
import { Modal } from "@/components/ui/modal";
import { Pager } from "@/components/ui/pager";
import { errorMessage } from "@/lib/client/api";
import { useMoment } from "@/lib/client/use-moment";
import { webhooksApi } from "@/lib/client/webhooks";
import type { WebhookDeliveryRow, WebhookRow } from "@/shared/contracts/webhooks";
import { deliveryColumns } from "./delivery-columns";

const PAGE_SIZE = 20;
/** While a message waits, the log asks again this often: the delivery job tries due messages every second. */
const WHILE_WAITING_MS = 1000;

/**
 * One receiver's delivery log, newest first: a test message sent from here or from the list, "send again" on
 * any message, and a line (read out) saying what became of the last message sent from this screen.
 */
export function DeliveriesModal({
  webhook,
  watching,
  onClose,
}: {
  webhook: WebhookRow | null;
  watching: number | null;
  onClose: () => void;
}) {
  const t = useTranslations("admin.webhooks");
  return (
    <Modal open={webhook !== null} onClose={onClose} size="4xl" title={t("log.title")} description={webhook?.url}>
      {webhook && <DeliveryLog key={webhook.id} webhook={webhook} initiallyWatching={watching} />}
    </Modal>
  );
}

function DeliveryLog({ webhook, initiallyWatching }: { webhook: WebhookRow; initiallyWatching: number | null }) {
  const t = useTranslations("admin.webhooks");
  const { moment } = useMoment();
  const queryClient = useQueryClient();
  const { banner, show } = useBanner();
  const [page, setPage] = useState(1);
  const [watching, setWatching] = useState(initiallyWatching);
  const query = useQuery({
    queryKey: [...webhooksApi.deliveriesKey(webhook.id), page],
    queryFn: ({ signal }) => webhooksApi.deliveries(webhook.id, { page, pageSize: PAGE_SIZE, filters: {} }, signal),
    placeholderData: keepPreviousData,
    // Opened again, the log shows what happened since, not what it showed last time.
    refetchOnMount: "always",
    refetchInterval: (current) => (current.state.data?.results.some((row) => row.status === "pending") ? WHILE_WAITING_MS : false),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhooksApi.deliveriesKey(webhook.id) });
  const sendTest = useMutation({
    mutationFn: () => webhooksApi.sendTest(webhook.id),
    onSuccess: (delivery) => {
      setWatching(delivery.id);
      setPage(1);
    },
    onError: (error) => show("error", errorMessage(error, t("testFailed"))),
    onSettled: refresh,
  });
  const resend = useMutation({
    mutationFn: (delivery: WebhookDeliveryRow) => webhooksApi.resend(delivery.id),
    onSuccess: (delivery) => setWatching(delivery.id),
    onError: (error) => show("error", errorMessage(error, t("log.resendFailed"))),
    onSettled: refresh,
  });
  const { mutate: resendOne, isPending: resending } = resend;
  const columns = useMemo(() => deliveryColumns({ t, moment, busy: resending, onResend: resendOne }), [t, moment, resending, resendOne]);
  const rows = query.data?.results ?? [];
  const table = useReactTable({ data: rows, columns, getCoreRowModel: getCoreRowModel(), getRowId: (row) => String(row.id) });
  const watched = rows.find((row) => row.id === watching);
  const pageCount = query.data ? Math.ceil(query.data.count / PAGE_SIZE) : 0;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center gap-2">
        <Button variant="primary" busy={sendTest.isPending} onClick={() => sendTest.mutate()}>
          <SendIcon className="size-4" /> {t("sendTest")}
        </Button>
        <Button onClick={refresh} disabled={query.isFetching}>
          <RefreshIcon className="size-4" /> {t("log.refresh")}
        </Button>
      </div>
      {banner}
      <p aria-live="polite" className="min-h-5 text-sm font-medium text-slate-800">
        {watched ? whatBecameOf(watched, webhook, t, moment) : ""}
      </p>
      <div className="overflow-hidden rounded-xl border border-slate-200">
        {query.isError && !query.data ? (
          <div className="p-4">
            <Banner tone="error">
              {errorMessage(query.error, t("log.loadFailed"))}{" "}
              <button type="button" onClick={() => void query.refetch()} className="font-semibold underline underline-offset-2">
                {t("retry")}
              </button>
            </Banner>
          </div>
        ) : query.data === undefined ? (
          <TableSkeleton label={t("log.loading")} rows={3} columns={5} />
        ) : (
          <DataTable
            table={table}
            caption={t("log.caption")}
            busy={query.isPlaceholderData}
            empty={<EmptyState icon={<LogIcon />} title={t("log.emptyTitle")} description={t("log.emptyDescription")} />}
          />
        )}
      </div>
      <Pager page={page} pageCount={pageCount} onPageChange={setPage} label={t("log.pager")} disabled={query.isFetching} />
    </div>
  );
}

/** The sentence read out about the message last sent from this screen, as the log now shows it. */
function whatBecameOf(
  delivery: WebhookDeliveryRow,
  webhook: WebhookRow,
  t: ReturnType<typeof useTranslations<"admin.webhooks">>,
  moment: (iso: string) => string,
): string {
  const type = delivery.type;
  if (delivery.status === "delivered") return t("watch.delivered", { type, code: delivery.last_response_code ?? 0 });
  if (delivery.status === "failed") return t("watch.failed", { type, error: delivery.last_error ?? "" });
  if (!webhook.active) return t("watch.receiverOff", { type });
  if (delivery.last_error) return t("watch.retrying", { type, error: delivery.last_error, when: moment(delivery.next_attempt_at) });
  return t("watch.sending", { type });
}
