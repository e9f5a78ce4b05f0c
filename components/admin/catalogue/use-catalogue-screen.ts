"use client";

import { useTranslations } from "next-intl";
import { useDiscardGuard } from "@/components/admin/discard-guard";
import { type AdminListSource, useAdminList } from "@/components/admin/list/use-admin-list";
import { useBanner } from "@/components/ui/banner";
import type { ImageChange } from "@/components/ui/image-picker";
import { useAddPanel } from "./catalogue-table";
import type { CatalogueKind } from "./words";

/** What a catalogue screen stands on: the entity's client, its search filter, and its form's request body. */
export type Catalogue<Row, Values> = {
  api: AdminListSource<Row, { search: string }>["api"] & { create: (form: FormData) => Promise<unknown> };
  filters: { search: string };
  formData: (values: Values, image: ImageChange) => FormData;
};

/**
 * The state every catalogue screen (products, prizes) keeps: its list, the banner, the add panel (a new item
 * is announced and the first page shown, where it now is) and the edit form's unsaved-changes guard.
 */
export function useCatalogueScreen<Row, Values extends { name: string }>(noun: CatalogueKind, catalogue: Catalogue<Row, Values>) {
  const t = useTranslations(`admin.${noun}s`);
  const list = useAdminList({ api: catalogue.api, filters: catalogue.filters, failureMessage: t("loadFailed") });
  const { banner, show } = useBanner();
  const add = useAddPanel({
    create: (values: Values, image: ImageChange) => catalogue.api.create(catalogue.formData(values, image)),
    onCreated: (values) => {
      show("success", t("created", { name: values.name }));
      list.showFirstPage();
    },
  });
  const editGuard = useDiscardGuard();
  return { list, banner, show, add, editGuard };
}
