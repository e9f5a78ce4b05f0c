"use client";

import { useMutation } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { CatalogueTable } from "@/components/admin/catalogue/catalogue-table";
import { DeleteByNameModal } from "@/components/admin/catalogue/modals";
import { AddPanel, ResultsSummary, SearchAndAddBar } from "@/components/admin/catalogue/screen-parts";
import { type Catalogue, useCatalogueScreen } from "@/components/admin/catalogue/use-catalogue-screen";
import { useDeleteFlow } from "@/components/admin/delete-flow";
import { useListTable } from "@/components/admin/list/use-list-table";
import { useMay } from "@/components/admin/role-context";
import { ScreenHeader } from "@/components/admin/screen-header";
import { GiftIcon, PencilIcon, TrashIcon } from "@/components/ui/icons";
import type { ImageChange } from "@/components/ui/image-picker";
import { PageSizeSelect } from "@/components/ui/page-size-select";
import type { RowAction } from "@/components/ui/row-actions";
import { errorMessage } from "@/lib/client/api";
import { CATALOGUE_FILTERS } from "@/lib/client/catalogue";
import { prizesApi } from "@/lib/client/prizes";
import type { PrizeRow } from "@/shared/contracts/prizes";
import { WRITE_ROLES } from "@/shared/roles";
import { prizeColumns } from "./columns";
import { NEW_PRIZE, PrizeFormFields, type PrizeFormOutput, prizeFormData } from "./form";
import { EditPrizeModal } from "./modals";

type PrizeSave = { prize: PrizeRow; values: PrizeFormOutput; image: ImageChange; shownRemaining?: number };

const PRIZES: Catalogue<PrizeRow, PrizeFormOutput> = { api: prizesApi, filters: CATALOGUE_FILTERS, formData: prizeFormData };

/** /admin/prizes (spec §2): search, add, page, reset daily counters, edit and delete prizes. */
export function PrizesScreen() {
  const t = useTranslations("admin.prizes");
  const tColumns = useTranslations("admin.prizes.columns");
  const { list, banner, show, add, editGuard } = useCatalogueScreen("prize", PRIZES);
  const [editPrize, setEditPrize] = useState<PrizeRow | null>(null);
  const remove = useDeleteFlow<PrizeRow>({
    perform: async (prize) => {
      await prizesApi.remove(prize.id);
      return { deleted: 1, message: t("deletedOne", { name: prize.name }) };
    },
    onDeleted: ({ deleted, message }) => {
      show("success", message);
      list.afterDelete(deleted);
    },
  });

  // The edit form awaits this (to reset, or to show the server's errors), so it uses mutateAsync.
  const update = useMutation({
    mutationFn: ({ prize, values, image, shownRemaining }: PrizeSave) =>
      prizesApi.update(prize.id, prizeFormData(values, image, shownRemaining)),
    onSuccess: (_, { values }) => {
      editGuard.setDirty(false);
      setEditPrize(null);
      show("success", t("updated", { name: values.name }));
    },
    // A refused edit (409, stale stock) still means the row on screen is old.
    onSettled: () => list.invalidate(),
  });
  const resetDaily = useMutation({
    mutationFn: (prize: PrizeRow) => prizesApi.resetDaily(prize.id),
    onSuccess: (_, prize) => show("success", t("resetDone", { name: prize.name })),
    onError: (error) => show("error", errorMessage(error, t("resetFailed"))),
    onSettled: () => list.invalidate(),
  });
  const resettingId = resetDaily.isPending ? resetDaily.variables.id : null;
  /** Resolves true when the counter was reset (the edit modal then shows 0). */
  const resetDailyOf = (prize: PrizeRow) =>
    resetDaily.mutateAsync(prize).then(
      () => true,
      () => false,
    );

  const mayWrite = useMay(WRITE_ROLES);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the handlers only set state or start a mutation (the role never changes on a page).
  const columns = useMemo(() => {
    const actions: RowAction<PrizeRow>[] = [
      {
        label: t("actions.edit"),
        icon: <PencilIcon className="size-5" />,
        tone: "primary",
        hidden: () => !mayWrite,
        onClick: setEditPrize,
      },
      { label: t("actions.delete"), icon: <TrashIcon className="size-5" />, tone: "danger", hidden: () => !mayWrite, onClick: remove.open },
    ];
    const onResetDaily = mayWrite ? (prize: PrizeRow) => resetDaily.mutate(prize) : null;
    return prizeColumns({ actions, onResetDaily, resettingId }, tColumns);
  }, [resettingId]);
  const { table } = useListTable(list, columns);
  const shownSearch = list.dataParams.filters.search;

  return (
    <div className="space-y-5">
      <ScreenHeader title={t("title")} description={t("description")} />
      {banner}

      <SearchAndAddBar
        noun="prize"
        search={list.params.filters.search}
        onSearch={(term) => list.setFilters({ search: term })}
        placeholder={t("searchPlaceholder")}
        addOpen={add.open}
        onToggleAdd={add.toggle}
      />

      {add.open && (
        <AddPanel noun="prize">
          <PrizeFormFields {...add.createFormProps} defaultValues={NEW_PRIZE} failureMessage={t("createFailed")} />
        </AddPanel>
      )}

      <div className="flex items-center justify-between gap-3">
        <ResultsSummary noun="prize" total={list.total} search={shownSearch} />
        <PageSizeSelect value={list.params.pageSize} onChange={list.setPageSize} />
      </div>

      <CatalogueTable noun="prize" list={list} table={table} icon={<GiftIcon />} add={add} />

      <EditPrizeModal
        prize={editPrize}
        saving={update.isPending}
        resettingId={resettingId}
        onClose={editGuard.guard(() => setEditPrize(null))}
        onDirtyChange={editGuard.setDirty}
        onSave={async (prize, values, image, shownRemaining) => {
          await update.mutateAsync({ prize, values, image, shownRemaining });
        }}
        onResetDaily={resetDailyOf}
      />
      <DeleteByNameModal noun="prize" item={remove.target} flow={remove}>
        {t("deleteBody")}
      </DeleteByNameModal>
      {add.discardDialog}
      {editGuard.dialog}
    </div>
  );
}
