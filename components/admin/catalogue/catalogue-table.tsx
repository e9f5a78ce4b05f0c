"use client";

import { useMutation } from "@tanstack/react-query";
import type { Table } from "@tanstack/react-table";
import { useTranslations } from "next-intl";
import { type ReactNode, useState } from "react";
import { useDiscardGuard } from "@/components/admin/discard-guard";
import { ListTable } from "@/components/admin/list/list-table";
import type { AdminList } from "@/components/admin/list/use-admin-list";
import type { ImageChange } from "@/components/ui/image-picker";
import { CatalogueEmptyState } from "./screen-parts";
import type { CatalogueKind } from "./words";

/**
 * The add panel's state: open or not, its toggle (asking first when the form has unsaved changes), and the
 * props of the catalogue's create form, whose submit `create`s and then reports `onCreated`. The form
 * awaits the submit (to reset, or to show the server's errors). Render `discardDialog` once.
 */
export function useAddPanel<Values>({
  create,
  onCreated,
}: {
  create: (values: Values, image: ImageChange) => Promise<unknown>;
  onCreated: (values: Values) => void;
}) {
  const [open, setOpen] = useState(false);
  const guard = useDiscardGuard();
  const creating = useMutation({
    mutationFn: ({ values, image }: { values: Values; image: ImageChange }) => create(values, image),
    onSuccess: (_, { values }) => onCreated(values),
  });
  const onSubmit = async (values: Values, image: ImageChange) => {
    await creating.mutateAsync({ values, image });
  };
  return {
    open,
    show: () => setOpen(true),
    toggle: open ? guard.guard(() => setOpen(false)) : () => setOpen(true),
    createFormProps: { mode: "create", onSubmit, onDirtyChange: guard.setDirty, focusOnMount: true } as const,
    discardDialog: guard.dialog,
  };
}

/** A catalogue's table in its own words, empty with "no match" (clearing the search) or "add the first one". */
export function CatalogueTable<Row>({
  noun,
  list,
  table,
  icon,
  add,
}: {
  noun: CatalogueKind;
  list: AdminList<Row, { search: string }>;
  table: Table<Row>;
  /** The empty catalogue's picture. */
  icon: ReactNode;
  add: { open: boolean; show: () => void };
}) {
  const t = useTranslations(`admin.${noun}s`);
  return (
    <ListTable
      list={list}
      table={table}
      caption={t("caption")}
      empty={
        <CatalogueEmptyState
          noun={noun}
          search={list.dataParams.filters.search}
          onClearSearch={() => list.setFilters({ search: "" })}
          icon={icon}
          description={t("emptyDescription")}
          addOpen={add.open}
          onAdd={add.show}
        />
      }
      loadingLabel={t("loadingLabel")}
      pagerLabel={t("pagerLabel")}
    />
  );
}
