"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useId, useMemo, useState } from "react";
import { AutoRefresh, useAutoRefresh } from "@/components/admin/auto-refresh";
import { useDeleteFlow } from "@/components/admin/delete-flow";
import { ListTable } from "@/components/admin/list/list-table";
import { useAdminList } from "@/components/admin/list/use-admin-list";
import { useListTable } from "@/components/admin/list/use-list-table";
import { QrModal } from "@/components/admin/qr-panel";
import { useMay } from "@/components/admin/role-context";
import { ScreenHeader } from "@/components/admin/screen-header";
import { type BannerTone, useBanner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmByTyping } from "@/components/ui/confirm-by-typing";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { FormAlert } from "@/components/ui/form-alert";
import { PowerIcon, TicketIcon, TrashIcon } from "@/components/ui/icons";
import { PageSizeSelect } from "@/components/ui/page-size-select";
import type { RowAction } from "@/components/ui/row-actions";
import { errorMessage } from "@/lib/client/api";
import { PLACEMENT_FILTERS, placementsApi } from "@/lib/client/placements";
import type { PlacementPage, PlacementRow } from "@/shared/contracts/placements";
import { WRITE_ROLES } from "@/shared/roles";
import { productQrUrl } from "@/shared/urls/products";
import { BigScreenAddress } from "./big-screen-address";
import { placementColumns, placementName } from "./columns";
import { DropPlacement, ScheduledDrops } from "./drops";
import { MaintenanceSwitch } from "./maintenance-switch";
import { ManualPlacement } from "./manual-placement";
import { PlacementDetailModal } from "./modals";
import { RandomPlacement } from "./random-placement";
import { type PlacementOutcome, useUnplacedNotice } from "./unplaced-notice";
import { deleteAllSummary, useDeleteAllPlacements } from "./use-delete-all";

/** /admin/distributions (spec §2): place prizes at random or by hand; the live list of placements. */
export function PlacementsScreen({ qrBaseUrl }: { qrBaseUrl: string }) {
  const t = useTranslations("admin.placements");
  const tColumns = useTranslations("admin.placements.columns");
  const tDeleteAll = useTranslations("admin.placements.deleteAll");
  // Spec §5: delete-all placements asks for "delete all" written without a space; each language its own phrase.
  const deleteAllPhrase = tDeleteAll("phrase");
  const auto = useAutoRefresh();
  const list = useAdminList({
    api: placementsApi,
    filters: PLACEMENT_FILTERS,
    failureMessage: t("loadFailed"),
    refetchInterval: auto.refetchInterval,
  });
  const counts = list.data as PlacementPage | null;
  const { banner, show: showBanner, clear } = useBanner();
  // When something last succeeded here: a form's error from before that is old news (ManualPlacement).
  const [lastSuccessAt, setLastSuccessAt] = useState(0);
  const unplaced = useUnplacedNotice({
    show: (tone, message) => {
      if (tone === "success") setLastSuccessAt(Date.now());
      showBanner(tone, message);
    },
    clearBanner: clear,
  });
  // Another action's own outcome: the last placement's notice goes, so it is never read as this one's answer.
  const show = (tone: BannerTone, message: string) => {
    unplaced.forget();
    showBanner(tone, message);
  };
  const succeeded = (message: string) => {
    setLastSuccessAt(Date.now());
    show("success", message);
  };
  const placed = (outcome: PlacementOutcome) => {
    setLastSuccessAt(Date.now());
    unplaced.placed(outcome);
  };
  // Phones: the list comes first; the forms open from a button above it.
  const [formsOpen, setFormsOpen] = useState(false);
  const formsId = useId();
  const [detail, setDetail] = useState<PlacementRow | null>(null);
  const [qrFor, setQrFor] = useState<PlacementRow | null>(null);
  const [deleteAllOpen, setDeleteAllOpen] = useState(false);
  const deleteAll = useDeleteAllPlacements();
  const remove = useDeleteFlow<PlacementRow>({
    perform: async (placement) => {
      await placementsApi.remove(placement.id);
      return { deleted: 1, message: t("removed", { prize: placement.prize_name, product: placement.product_name }) };
    },
    onDeleted: ({ deleted, message }) => {
      succeeded(message);
      list.afterDelete(deleted);
    },
  });

  const setActive = useMutation({
    mutationFn: (placement: PlacementRow) => placementsApi.setActive(placement.id, !placement.is_active),
    onSuccess: (_changed, placement) =>
      succeeded(t(placement.is_active ? "deactivated" : "activated", { name: placementName(placement, tColumns) })),
    onError: (error) => show("error", errorMessage(error, t("changeFailed"))),
    onSettled: () => list.invalidate(),
  });
  const togglingId = setActive.isPending ? setActive.variables.id : null;

  const mayWrite = useMay(WRITE_ROLES);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the handlers only set state or call the API (the role never changes on a page).
  const columns = useMemo(() => {
    const actions: RowAction<PlacementRow>[] = [
      {
        label: t("actions.deactivate"),
        icon: <PowerIcon className="size-5" />,
        onClick: (row) => setActive.mutate(row),
        hidden: (row) => !mayWrite || !row.is_active || togglingId === row.id,
      },
      {
        label: t("actions.activate"),
        icon: <PowerIcon className="size-5" />,
        tone: "primary",
        onClick: (row) => setActive.mutate(row),
        hidden: (row) => !mayWrite || row.is_active || togglingId === row.id,
      },
      { label: t("actions.delete"), icon: <TrashIcon className="size-5" />, tone: "danger", hidden: () => !mayWrite, onClick: remove.open },
    ];
    return placementColumns({ actions, onDetail: setDetail, onQr: setQrFor }, tColumns);
  }, [togglingId]);
  const { table } = useListTable(list, columns);

  async function runDeleteAll() {
    const outcome = await deleteAll.run();
    setDeleteAllOpen(false);
    if (outcome.held + outcome.failed > 0) show("warning", deleteAllSummary(outcome, tDeleteAll));
    else succeeded(deleteAllSummary(outcome, tDeleteAll));
    void list.invalidate();
  }

  const empty = <EmptyState icon={<TicketIcon />} title={t("emptyTitle")} description={t("emptyDescription")} />;

  return (
    <div className="space-y-5">
      <ScreenHeader title={t("title")} description={t("description")} />
      {banner}
      {unplaced.notice}
      {mayWrite && (
        <>
          <div className="lg:hidden">
            <Button aria-expanded={formsOpen} aria-controls={formsId} onClick={() => setFormsOpen((open) => !open)} className="w-full">
              <TicketIcon className="size-4" />
              {formsOpen ? t("hideForms") : t("showForms")}
            </Button>
          </div>
          {/* Wide screens: the three forms side by side above the list, which then has the whole width. */}
          <div
            id={formsId}
            className={`${formsOpen ? "grid" : "hidden"} grid-cols-1 items-start gap-5 lg:grid lg:grid-cols-[repeat(auto-fit,minmax(17rem,1fr))]`}
          >
            <Card title={t("cards.maintenance")}>
              <MaintenanceSwitch onChanged={succeeded} onFailed={(message) => show("error", message)} />
            </Card>
            <Card title={t("cards.random")}>
              <RandomPlacement choosePrize onPlaced={placed} onFailed={(text) => show("error", text)} />
            </Card>
            <Card title={t("cards.manual")}>
              <ManualPlacement onPlaced={placed} lastSuccessAt={lastSuccessAt} />
            </Card>
            <Card title={t("cards.drop")}>
              <DropPlacement onPlaced={succeeded} lastSuccessAt={lastSuccessAt} />
            </Card>
            <Card title={t("cards.bigScreen")}>
              <BigScreenAddress onChanged={succeeded} onFailed={(message) => show("error", message)} />
            </Card>
          </div>
        </>
      )}
      {/* A viewer places nothing, but reads the big screen's address to open it on the venue's TV. */}
      {!mayWrite && (
        <div className="max-w-xl">
          <Card title={t("cards.bigScreen")}>
            <BigScreenAddress onChanged={succeeded} onFailed={(message) => show("error", message)} />
          </Card>
        </div>
      )}

      <Card title={t("drop.listTitle")}>
        <ScheduledDrops mayWrite={mayWrite} onChanged={succeeded} onFailed={(message) => show("error", message)} />
      </Card>

      <Card
        title={t("listTitle")}
        aside={<AutoRefresh auto={auto} updatedAt={list.updatedAt} fetching={list.loading} onRefresh={list.reload} />}
      >
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-600" aria-live="polite">
            {counts
              ? t.rich("counts", {
                  active: counts.active_count,
                  inactive: counts.inactive_count,
                  on: (chunks) => <strong className="font-semibold text-emerald-800">{chunks}</strong>,
                  off: (chunks) => <strong className="font-semibold text-slate-900">{chunks}</strong>,
                })
              : t("loadingCounts")}
          </p>
          <div className="flex items-center gap-2">
            {mayWrite && (
              <Button
                size="sm"
                className="min-h-11 text-red-700 sm:min-h-9"
                onClick={() => setDeleteAllOpen(true)}
                disabled={list.total === 0}
              >
                <TrashIcon className="size-4" />
                {t("deleteAllButton")}
              </Button>
            )}
            <PageSizeSelect value={list.params.pageSize} onChange={list.setPageSize} />
          </div>
        </div>
        <ListTable
          list={list}
          table={table}
          caption={t("listTitle")}
          empty={empty}
          loadingLabel={t("loadingLabel")}
          pagerLabel={t("pagerLabel")}
        />
      </Card>

      <PlacementDetailModal placement={detail} onClose={() => setDetail(null)} onQr={setQrFor} />
      <QrModal
        product={qrFor && { name: qrFor.product_name, url_path: qrFor.product_url_path, qr_code: productQrUrl(qrFor.product) }}
        baseUrl={qrBaseUrl}
        onClose={() => setQrFor(null)}
      />
      <ConfirmDialog
        open={remove.target !== null}
        onClose={remove.close}
        title={t("deleteOne.title")}
        confirmLabel={t("deleteOne.confirm")}
        busy={remove.busy}
        onConfirm={remove.confirm}
      >
        <p>{t("deleteOne.body", { prize: remove.target?.prize_name ?? "", product: remove.target?.product_name ?? "" })}</p>
        <FormAlert message={remove.error} className="mt-3" />
      </ConfirmDialog>
      <ConfirmByTyping
        open={deleteAllOpen}
        onClose={() => setDeleteAllOpen(false)}
        title={tDeleteAll("title")}
        phrase={deleteAllPhrase}
        inputLabel={tDeleteAll.rich("typeToConfirm", {
          phrase: deleteAllPhrase,
          strong: (chunks) => <strong className="font-mono font-semibold text-slate-900">{chunks}</strong>,
        })}
        mismatchMessage={tDeleteAll("mismatch")}
        busy={deleteAll.progress !== null}
        onConfirm={() => void runDeleteAll()}
      >
        <p>{tDeleteAll("body")}</p>
        {deleteAll.progress && (
          <div className="mt-3 space-y-1">
            <progress
              className="h-2 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-red-600"
              aria-label={tDeleteAll("progressLabel")}
              max={Math.max(deleteAll.progress.total, 1)}
              value={deleteAll.progress.done}
            />
            <p className="text-sm text-slate-600" aria-live="polite">
              {tDeleteAll("progress", { done: deleteAll.progress.done, total: deleteAll.progress.total })}
            </p>
          </div>
        )}
      </ConfirmByTyping>
    </div>
  );
}
