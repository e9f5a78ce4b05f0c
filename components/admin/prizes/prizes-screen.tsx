"use client";

import { getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { useDeleteFlow } from "@/components/admin/delete-flow";
import { useDiscardGuard } from "@/components/admin/discard-guard";
import { ListTable } from "@/components/admin/list/list-table";
import { useAdminList } from "@/components/admin/list/use-admin-list";
import { ScreenHeader } from "@/components/admin/screen-header";
import { useBanner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { CloseIcon, GiftIcon, PencilIcon, PlusIcon, SearchIcon, TrashIcon } from "@/components/ui/icons";
import type { ImageChange } from "@/components/ui/image-picker";
import { PageSizeSelect } from "@/components/ui/page-size-select";
import type { RowAction } from "@/components/ui/row-actions";
import { SearchBox } from "@/components/ui/search-box";
import { errorMessage } from "@/lib/client/api";
import { PRIZE_FILTERS, prizesApi } from "@/lib/client/prizes";
import type { PrizeRow } from "@/lib/contracts/prizes";
import { prizeColumns } from "./columns";
import { NEW_PRIZE, PrizeFormFields, type PrizeFormOutput } from "./form";
import { DeletePrizeModal, EditPrizeModal } from "./modals";

function prizeFormData(values: PrizeFormOutput, image: ImageChange, shownRemaining?: number): FormData {
  const form = new FormData();
  form.append("name", values.name);
  form.append("description", values.description);
  form.append("total_quantity", String(values.total_quantity));
  form.append("daily_distribution", String(values.daily_distribution));
  form.append("maintenance_count", String(values.maintenance_count));
  form.append("is_active", String(values.is_active));
  if (values.remaining_quantity !== undefined) form.append("remaining_quantity", String(values.remaining_quantity));
  if (shownRemaining !== undefined) form.append("expected_remaining_quantity", String(shownRemaining));
  if (image.kind === "replace") form.append("image", image.file);
  if (image.kind === "remove") form.append("remove_image", "true");
  return form;
}

/** /admin/prizes (spec §2): search, add, page, reset daily counters, edit and delete prizes. */
export function PrizesScreen() {
  const list = useAdminList({
    key: prizesApi.key,
    list: prizesApi.list,
    filters: PRIZE_FILTERS,
    failureMessage: "Failed to load the prizes.",
  });
  const { banner, show } = useBanner();
  const [addOpen, setAddOpen] = useState(false);
  const [editPrize, setEditPrize] = useState<PrizeRow | null>(null);
  const [saving, setSaving] = useState(false);
  const [resettingId, setResettingId] = useState<number | null>(null);
  const addGuard = useDiscardGuard();
  const editGuard = useDiscardGuard();
  const remove = useDeleteFlow<PrizeRow>({
    perform: async (prize) => {
      await prizesApi.remove(prize.id);
      return { deleted: 1, message: `Deleted “${prize.name}”.` };
    },
    onDeleted: ({ deleted, message }) => {
      show("success", message);
      list.afterDelete(deleted);
    },
  });

  async function resetDaily(prize: PrizeRow): Promise<boolean> {
    setResettingId(prize.id);
    try {
      await prizesApi.resetDaily(prize.id);
      show("success", `Today's counter of “${prize.name}” was reset.`);
      return true;
    } catch (error) {
      show("error", errorMessage(error, "Failed to reset the daily counter."));
      return false;
    } finally {
      setResettingId(null);
      void list.invalidate();
    }
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: the handlers only set state or call the API.
  const columns = useMemo(() => {
    const actions: RowAction<PrizeRow>[] = [
      { label: "Edit", icon: <PencilIcon className="size-5" />, tone: "primary", onClick: setEditPrize },
      { label: "Delete", icon: <TrashIcon className="size-5" />, tone: "danger", onClick: remove.open },
    ];
    return prizeColumns({ actions, onResetDaily: (prize) => void resetDaily(prize), resettingId });
  }, [resettingId]);
  const table = useReactTable({
    data: list.data?.results ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (prize) => String(prize.id),
    manualPagination: true,
  });
  const search = list.params.filters.search;
  const shownSearch = list.dataParams.filters.search;
  const total = list.total;

  async function createPrize(values: PrizeFormOutput, image: ImageChange) {
    await prizesApi.create(prizeFormData(values, image));
    show("success", `Prize “${values.name}” was created.`);
    list.showFirstPage();
  }

  async function savePrize(prize: PrizeRow, values: PrizeFormOutput, image: ImageChange, shownRemaining?: number) {
    setSaving(true);
    try {
      await prizesApi.update(prize.id, prizeFormData(values, image, shownRemaining));
      editGuard.setDirty(false);
      setEditPrize(null);
      show("success", `Prize “${values.name}” was updated.`);
    } finally {
      setSaving(false);
      void list.invalidate();
    }
  }

  const empty = shownSearch ? (
    <EmptyState
      icon={<SearchIcon />}
      title="No search results"
      description={`No prize matches “${shownSearch}”. Try another word, or clear the search.`}
      action={<Button onClick={() => list.setFilters({ search: "" })}>Clear search</Button>}
    />
  ) : (
    <EmptyState
      icon={<GiftIcon />}
      title="No prizes yet"
      description="Add the prizes of the event, then place them on product pages under Distributions."
      action={
        !addOpen && (
          <Button variant="primary" onClick={() => setAddOpen(true)}>
            Add prize
          </Button>
        )
      }
    />
  );

  return (
    <div className="space-y-5">
      <ScreenHeader title="Prize management" description="The prizes of the event, their stock and how many go out each day." />
      {banner}

      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <SearchBox value={search} onSearch={(term) => list.setFilters({ search: term })} label="Search prizes" placeholder="Prize name" />
        <Button
          variant={addOpen ? "secondary" : "primary"}
          onClick={addOpen ? addGuard.guard(() => setAddOpen(false)) : () => setAddOpen(true)}
          aria-expanded={addOpen}
          aria-controls="add-prize-panel"
        >
          {addOpen ? <CloseIcon className="size-4" /> : <PlusIcon className="size-4" />}
          {addOpen ? "Close add form" : "Add prize"}
        </Button>
      </div>

      {addOpen && (
        <section
          id="add-prize-panel"
          aria-labelledby="add-prize-heading"
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
        >
          <h2 id="add-prize-heading" className="mb-4 text-lg font-semibold text-slate-900">
            Add prize
          </h2>
          <PrizeFormFields
            mode="create"
            defaultValues={NEW_PRIZE}
            failureMessage="Failed to create the prize."
            onSubmit={createPrize}
            onDirtyChange={addGuard.setDirty}
            focusOnMount
          />
        </section>
      )}

      <div className="flex items-center justify-between gap-3">
        <p className="text-sm text-slate-600" aria-live="polite">
          {total === null
            ? "Loading prizes…"
            : shownSearch
              ? `${total} prize${total === 1 ? "" : "s"} matching “${shownSearch}”`
              : `Total ${total} prize${total === 1 ? "" : "s"}`}
        </p>
        <PageSizeSelect value={list.params.pageSize} onChange={list.setPageSize} />
      </div>

      <ListTable list={list} table={table} caption="Prizes" empty={empty} loadingLabel="Loading prizes" pagerLabel="Prize pages" />

      <EditPrizeModal
        prize={editPrize}
        saving={saving}
        onClose={editGuard.guard(() => setEditPrize(null))}
        onDirtyChange={editGuard.setDirty}
        onSave={savePrize}
        onResetDaily={resetDaily}
      />
      <DeletePrizeModal prize={remove.target} busy={remove.busy} error={remove.error} onClose={remove.close} onConfirm={remove.confirm} />
      {addGuard.dialog}
      {editGuard.dialog}
    </div>
  );
}
