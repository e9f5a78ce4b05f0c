"use client";

import { useMutation } from "@tanstack/react-query";
import { getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useId, useMemo, useState } from "react";
import { AutoRefresh, useAutoRefresh } from "@/components/admin/auto-refresh";
import { useDeleteFlow } from "@/components/admin/delete-flow";
import { ListTable } from "@/components/admin/list/list-table";
import { useAdminList } from "@/components/admin/list/use-admin-list";
import { QrModal } from "@/components/admin/qr-panel";
import { useMay } from "@/components/admin/role-context";
import { ScreenHeader } from "@/components/admin/screen-header";
import { useBanner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmByTyping } from "@/components/ui/confirm-by-typing";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { FormAlert } from "@/components/ui/form-alert";
import { PowerIcon, TicketIcon, TrashIcon } from "@/components/ui/icons";
import { PageSizeSelect } from "@/components/ui/page-size-select";
import type { RowAction } from "@/components/ui/row-actions";
import { WRITE_ROLES } from "@/lib/auth/roles";
import { errorMessage } from "@/lib/client/api";
import { PLACEMENT_FILTERS, placementsApi } from "@/lib/client/placements";
import type { PlacementPage, PlacementRow } from "@/lib/contracts/placements";
import { productQrUrl } from "@/lib/urls/products";
import { BigScreenAddress } from "./big-screen-address";
import { placementColumns, placementName } from "./columns";
import { MaintenanceSwitch } from "./maintenance-switch";
import { ManualPlacement } from "./manual-placement";
import { PlacementDetailModal } from "./modals";
import { RandomPlacement } from "./random-placement";
import { deleteAllSummary, useDeleteAllPlacements } from "./use-delete-all";

/** Spec §5: delete-all placements asks for "delete all" written without a space. */
export const DELETE_ALL_PLACEMENTS_PHRASE = "deleteall";

/** /admin/distributions (spec §2): place prizes at random or by hand; the live list of placements. */
export function PlacementsScreen({ qrBaseUrl }: { qrBaseUrl: string }) {
  const auto = useAutoRefresh();
  const list = useAdminList({
    key: placementsApi.key,
    list: placementsApi.list,
    filters: PLACEMENT_FILTERS,
    failureMessage: "Failed to load the placements.",
    refetchInterval: auto.refetchInterval,
  });
  const counts = list.data as PlacementPage | null;
  const { banner, show } = useBanner();
  // When something last succeeded here: a form's error from before that is old news (ManualPlacement).
  const [lastSuccessAt, setLastSuccessAt] = useState(0);
  const succeeded = (message: string) => {
    setLastSuccessAt(Date.now());
    show("success", message);
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
      return { deleted: 1, message: `Took “${placement.prize_name}” off “${placement.product_name}”.` };
    },
    onDeleted: ({ deleted, message }) => {
      succeeded(message);
      list.afterDelete(deleted);
    },
  });

  const setActive = useMutation({
    mutationFn: (placement: PlacementRow) => placementsApi.setActive(placement.id, !placement.is_active),
    onSuccess: (_changed, placement) => succeeded(`${placement.is_active ? "Deactivated" : "Activated"} “${placementName(placement)}”.`),
    onError: (error) => show("error", errorMessage(error, "Failed to change the placement.")),
    onSettled: () => list.invalidate(),
  });
  const togglingId = setActive.isPending ? setActive.variables.id : null;

  const mayWrite = useMay(WRITE_ROLES);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the handlers only set state or call the API (the role never changes on a page).
  const columns = useMemo(() => {
    const actions: RowAction<PlacementRow>[] = [
      {
        label: "Deactivate",
        icon: <PowerIcon className="size-5" />,
        onClick: (row) => setActive.mutate(row),
        hidden: (row) => !mayWrite || !row.is_active || togglingId === row.id,
      },
      {
        label: "Activate",
        icon: <PowerIcon className="size-5" />,
        tone: "primary",
        onClick: (row) => setActive.mutate(row),
        hidden: (row) => !mayWrite || row.is_active || togglingId === row.id,
      },
      { label: "Delete", icon: <TrashIcon className="size-5" />, tone: "danger", hidden: () => !mayWrite, onClick: remove.open },
    ];
    return placementColumns({ actions, onDetail: setDetail, onQr: setQrFor });
  }, [togglingId]);
  const table = useReactTable({
    data: list.data?.results ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (placement) => String(placement.id),
    manualPagination: true,
  });

  async function runDeleteAll() {
    const outcome = await deleteAll.run();
    setDeleteAllOpen(false);
    if (outcome.held + outcome.failed > 0) show("warning", deleteAllSummary(outcome));
    else succeeded(deleteAllSummary(outcome));
    void list.invalidate();
  }

  const empty = (
    <EmptyState
      icon={<TicketIcon />}
      title="No prizes placed yet"
      description="Place a prize by hand or at random: visitors can win it on that product page straight away."
    />
  );

  return (
    <div className="space-y-5">
      <ScreenHeader title="Prize placement" description="Which product pages hold a prize that visitors can win right now." />
      {banner}
      {mayWrite && (
        <>
          <div className="lg:hidden">
            <Button aria-expanded={formsOpen} aria-controls={formsId} onClick={() => setFormsOpen((open) => !open)} className="w-full">
              <TicketIcon className="size-4" />
              {formsOpen ? "Hide the placing forms" : "Place prizes · maintenance mode"}
            </Button>
          </div>
          {/* Wide screens: the three forms side by side above the list, which then has the whole width. */}
          <div
            id={formsId}
            className={`${formsOpen ? "grid" : "hidden"} grid-cols-1 items-start gap-5 lg:grid lg:grid-cols-[repeat(auto-fit,minmax(17rem,1fr))]`}
          >
            <Card title="Maintenance mode">
              <MaintenanceSwitch onChanged={succeeded} onFailed={(message) => show("error", message)} />
            </Card>
            <Card title="Random placement">
              <RandomPlacement choosePrize onPlaced={succeeded} onFailed={(text) => show("error", text)} />
            </Card>
            <Card title="Place by hand">
              <ManualPlacement onPlaced={succeeded} lastSuccessAt={lastSuccessAt} />
            </Card>
            <Card title="Big screen">
              <BigScreenAddress onChanged={succeeded} onFailed={(message) => show("error", message)} />
            </Card>
          </div>
        </>
      )}

      <Card
        title="Placements"
        aside={<AutoRefresh auto={auto} updatedAt={list.updatedAt} fetching={list.loading} onRefresh={list.reload} />}
      >
        <div className="mb-3 flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-600" aria-live="polite">
            {counts ? (
              <>
                <strong className="font-semibold text-emerald-800">{counts.active_count}</strong> active ·{" "}
                <strong className="font-semibold text-slate-900">{counts.inactive_count}</strong> inactive
              </>
            ) : (
              "Loading placements…"
            )}
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
                Delete all
              </Button>
            )}
            <PageSizeSelect value={list.params.pageSize} onChange={list.setPageSize} />
          </div>
        </div>
        <ListTable
          list={list}
          table={table}
          caption="Placements"
          empty={empty}
          loadingLabel="Loading placements"
          pagerLabel="Placement pages"
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
        title="Delete placement"
        confirmLabel="Delete"
        busy={remove.busy}
        onConfirm={remove.confirm}
      >
        <p>
          Take “{remove.target?.prize_name}” off “{remove.target?.product_name}”? Visitors on that page no longer see a ticket.
        </p>
        <FormAlert message={remove.error} className="mt-3" />
      </ConfirmDialog>
      <ConfirmByTyping
        open={deleteAllOpen}
        onClose={() => setDeleteAllOpen(false)}
        title="Delete all placements"
        phrase={DELETE_ALL_PLACEMENTS_PHRASE}
        inputLabel={
          <>
            Type <strong className="font-mono font-semibold text-slate-900">{DELETE_ALL_PLACEMENTS_PHRASE}</strong> to confirm.
          </>
        }
        mismatchMessage="The confirmation text does not match."
        busy={deleteAll.progress !== null}
        onConfirm={() => void runDeleteAll()}
      >
        <p>
          Every placement is deleted, ten at a time; a prize a visitor is claiming right now stays. With maintenance mode on, prizes are
          placed again within 30 seconds: turn it off first to keep the pages empty. Winner records are kept.
        </p>
        {deleteAll.progress && (
          <div className="mt-3 space-y-1">
            <progress
              className="h-2 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-slate-200 [&::-webkit-progress-value]:bg-red-600"
              aria-label="Placements deleted"
              max={Math.max(deleteAll.progress.total, 1)}
              value={deleteAll.progress.done}
            />
            <p className="text-sm text-slate-600" aria-live="polite">
              Deleted {deleteAll.progress.done} / {deleteAll.progress.total}…
            </p>
          </div>
        )}
      </ConfirmByTyping>
    </div>
  );
}
