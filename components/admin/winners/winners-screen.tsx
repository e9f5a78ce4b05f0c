"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useState } from "react";
import { listFilterBarProps } from "@/components/admin/list/filter-bar";
import { FilteredListResults } from "@/components/admin/list/list-screen-table";
import { useAdminList } from "@/components/admin/list/use-admin-list";
import { useListTable } from "@/components/admin/list/use-list-table";
import { useMay } from "@/components/admin/role-context";
import { ScreenHeader } from "@/components/admin/screen-header";
import { useBanner } from "@/components/ui/banner";
import { ConfirmByTyping } from "@/components/ui/confirm-by-typing";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CheckCircleIcon, TrashIcon, UndoIcon } from "@/components/ui/icons";
import type { RowAction } from "@/components/ui/row-actions";
import { errorMessage } from "@/lib/client/api";
import { settingsApi } from "@/lib/client/settings";
import { useMoment } from "@/lib/client/use-moment";
import { WINNER_FILTERS, type WinnerFilters, winnersApi } from "@/lib/client/winners";
import { type WinnerRow, winnerLabel } from "@/shared/contracts/winners";
import { AUDIT_ROLES, DESK_ROLES, WRITE_ROLES } from "@/shared/roles";
import { winnerColumns } from "./columns";
import { WinnerFilterBar } from "./filter-bar";

/**
 * /admin/winners (spec §2): filters held in the URL (`?product=3` opens filtered), the event period as the
 * default date range, mark / cancel received, delete with a confirm that shows the winner, Excel.
 */
export function WinnersScreen() {
  const t = useTranslations("admin.winners");
  const privacy = useTranslations("privacy.winners");
  const common = useTranslations("common");
  const { moment } = useMoment();
  const list = useAdminList<WinnerRow, WinnerFilters>({ api: winnersApi, filters: WINNER_FILTERS, failureMessage: t("loadFailed") });
  const { banner, show } = useBanner();
  const [toDelete, setToDelete] = useState<WinnerRow | null>(null);
  const [toErase, setToErase] = useState<WinnerRow | null>(null);
  const settings = useQuery({ queryKey: settingsApi.key, queryFn: ({ signal }) => settingsApi.get(signal) });
  const eventPeriod = useMemo(
    () => ({ start_date: settings.data?.event_start_date ?? "", end_date: settings.data?.event_end_date ?? "" }),
    [settings.data],
  );

  // First visit with no dates in the URL: the event period is the default range (none set: no date filter).
  const [periodApplied, setPeriodApplied] = useState(false);
  useEffect(() => {
    if (periodApplied || !settings.data) return;
    setPeriodApplied(true);
    const { start_date, end_date } = list.params.filters;
    if (!start_date && !end_date && (eventPeriod.start_date || eventPeriod.end_date)) list.setFilters(eventPeriod);
  }, [periodApplied, settings.data, list.params.filters, list.setFilters, eventPeriod]);

  // Every write on this screen: the server's answer in the banner, then the list as it now is.
  const write = useMutation({
    mutationFn: ({ action }: { action: () => Promise<unknown>; success: string; failure: string }) => action(),
    onSuccess: (_result, { success }) => show("success", success),
    onError: (error, { failure }) => show("error", errorMessage(error, failure)),
    onSettled: () => list.invalidate(),
  });
  const { mutate } = write;
  // Each role is offered only what the server lets it do (shared/roles.ts).
  const mayHandOver = useMay(DESK_ROLES);
  const mayDelete = useMay(WRITE_ROLES);
  const mayReadAudit = useMay(AUDIT_ROLES);

  const actions: RowAction<WinnerRow>[] = useMemo(() => {
    // A desk write on one win: the banner names whose win it was, or says why it failed.
    const onWin = (call: (id: number) => Promise<unknown>, success: (name: string) => string, failure: string) => (winner: WinnerRow) =>
      mutate({ action: () => call(winner.id), success: success(winnerLabel(winner)), failure });
    return [
      {
        label: t("markReceived"),
        icon: <CheckCircleIcon className="size-4" />,
        tone: "primary",
        // An expired win cannot be handed over (the server says 409): the desk reinstates it first.
        hidden: (winner) => !mayHandOver || winner.is_received || winner.status === "expired",
        onClick: onWin(winnersApi.markReceived, (name) => t("handedOver", { name }), t("markFailed")),
      },
      {
        label: t("cancelReceived"),
        icon: <UndoIcon className="size-4" />,
        hidden: (winner) => !mayHandOver || !winner.is_received,
        onClick: onWin(winnersApi.cancelReceived, (name) => t("notReceivedAgain", { name }), t("cancelFailed")),
      },
      {
        label: t("deadline.reinstate"),
        icon: <UndoIcon className="size-4" />,
        tone: "primary",
        hidden: (winner) => !mayHandOver || winner.status !== "expired",
        onClick: onWin(winnersApi.reinstate, (name) => t("deadline.reinstated", { name }), t("deadline.reinstateFailed")),
      },
      { label: common("delete"), icon: <TrashIcon className="size-4" />, tone: "danger", hidden: () => !mayDelete, onClick: setToDelete },
    ];
  }, [mutate, mayHandOver, mayDelete, t, common]);
  // Owners and managers open a winner's audit history from the row ("I already collected it?").
  const columns = useMemo(
    () =>
      winnerColumns({
        actions,
        historyOf: mayReadAudit ? (winner) => `/admin/audit?target=winner:${winner.id}` : null,
        t,
        actionsLabel: common("actions"),
        moment,
        erasedLabel: privacy("erasedBadge"),
        // Owners and managers, as the server admits (server-behaviour.md, "Privacy"); an erased winner has nothing left.
        erase: mayDelete ? { label: privacy("erase"), onErase: setToErase } : null,
      }),
    [actions, mayReadAudit, mayDelete, t, common, moment, privacy],
  );
  const { table } = useListTable(list, columns);

  function confirmDelete() {
    if (!toDelete) return;
    mutate(
      {
        action: () => winnersApi.remove(toDelete.id),
        success: t("deleted", { name: winnerLabel(toDelete) }),
        failure: t("deleteFailed"),
      },
      {
        onSettled: () => {
          setToDelete(null);
          list.afterDelete(1);
        },
      },
    );
  }

  function confirmErase() {
    if (!toErase) return;
    const { id } = toErase;
    mutate(
      { action: () => winnersApi.erase(id), success: privacy("erased", { id }), failure: privacy("eraseFailed") },
      { onSettled: () => setToErase(null) },
    );
  }

  const reset = () => list.setFilters({ ...WINNER_FILTERS, ...eventPeriod });

  return (
    <div className="space-y-5">
      <ScreenHeader title={t("title")} description={t("description")} />
      {banner}
      <WinnerFilterBar {...listFilterBarProps(list, reset)} />
      <FilteredListResults screen="winners" list={list} table={table} onReset={reset} />
      <ConfirmByTyping
        open={toErase !== null}
        onClose={() => setToErase(null)}
        title={privacy("eraseTitle")}
        phrase={privacy("erasePhrase")}
        confirmLabel={privacy("eraseConfirm")}
        busyLabel={privacy("erasing")}
        busy={write.isPending}
        onConfirm={confirmErase}
      >
        {toErase && <p>{privacy("eraseBody", { id: toErase.id, prize: toErase.prize_name })}</p>}
      </ConfirmByTyping>
      <ConfirmDialog
        open={toDelete !== null}
        onClose={() => setToDelete(null)}
        title={t("deleteTitle")}
        confirmLabel={common("delete")}
        busy={write.isPending}
        onConfirm={confirmDelete}
      >
        {toDelete && (
          <p>
            {t.rich("deleteBody", {
              name: winnerLabel(toDelete),
              password: toDelete.password ?? "",
              prize: toDelete.prize_name,
              product: toDelete.product_name,
              wonAt: moment(toDelete.created_at),
              strong: (chunks) => <strong>{chunks}</strong>,
              code: (chunks) => <span className="font-mono">{chunks}</span>,
            })}
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}
