"use client";

import { useMutation, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { CatalogueTable } from "@/components/admin/catalogue/catalogue-table";
import { DeleteByNameModal } from "@/components/admin/catalogue/modals";
import { AddPanel } from "@/components/admin/catalogue/screen-parts";
import { type Catalogue, useCatalogueScreen } from "@/components/admin/catalogue/use-catalogue-screen";
import {
  askWhenWinnersLinked,
  BulkDeleteModal,
  ForceDeleteDialog,
  type ListDeleteTarget,
  useDeleteFlow,
} from "@/components/admin/delete-flow";
import { useListTable } from "@/components/admin/list/use-list-table";
import { QrModal } from "@/components/admin/qr-panel";
import { useMay } from "@/components/admin/role-context";
import { ScreenHeader } from "@/components/admin/screen-header";
import { Banner } from "@/components/ui/banner";
import { PencilIcon, QrCodeIcon, TrashIcon } from "@/components/ui/icons";
import type { ImageChange } from "@/components/ui/image-picker";
import type { RowAction } from "@/components/ui/row-actions";
import { CATALOGUE_FILTERS } from "@/lib/client/catalogue";
import { productsApi } from "@/lib/client/products";
import type { ProductForm } from "@/lib/validation/product";
import { translationFormValues } from "@/lib/validation/translations";
import type { ProductRow } from "@/shared/contracts/products";
import { WRITE_ROLES } from "@/shared/roles";
import { productColumns } from "./columns";
import { ProductFormFields, productFormData } from "./form";
import { EditProductModal } from "./modals";
import { ProductsToolbar } from "./toolbar";
import { useQrZipDownload } from "./use-qr-zip-download";

type ProductWords = ReturnType<typeof useTranslations<"admin.products">>;

async function deleteProducts(target: ListDeleteTarget<ProductRow>, force: boolean, t: ProductWords) {
  if (target.kind === "one") {
    await productsApi.remove(target.row.id, force);
    return { deleted: 1, message: t("deletedOne", { name: target.row.name }) };
  }
  if (target.kind === "selected") {
    const { deleted_count: count } = await productsApi.removeSelected(target.ids, force);
    return { deleted: count, message: t("deletedSome", { count }) };
  }
  const result = await productsApi.removeAll(force);
  return { deleted: result.deleted_count, message: result.detail ?? t("deletedAll", { count: result.deleted_count }) };
}

const PRODUCTS: Catalogue<ProductRow, ProductForm> = { api: productsApi, filters: CATALOGUE_FILTERS, formData: productFormData };

/** /admin/products (spec §2): search, add, page, QR codes, edit and delete product pages. */
export function ProductsScreen({ qrBaseUrl, baseUrlConfigured }: { qrBaseUrl: string; baseUrlConfigured: boolean }) {
  const t = useTranslations("admin.products");
  const tColumns = useTranslations("admin.products.columns");
  const { list, banner, show, add, editGuard } = useCatalogueScreen("product", PRODUCTS);
  const [qrProduct, setQrProduct] = useState<ProductRow | null>(null);
  const [editProduct, setEditProduct] = useState<ProductRow | null>(null);
  const zip = useQrZipDownload(show);
  // The edit form awaits this (to reset, or to show the server's errors), so it uses mutateAsync.
  const update = useMutation({
    mutationFn: ({ product, values, image }: { product: ProductRow; values: ProductForm; image: ImageChange }) =>
      productsApi.update(product.id, productFormData(values, image)),
    onSuccess: (_, { values }) => {
      editGuard.setDirty(false);
      setEditProduct(null);
      show("success", t("updated", { name: values.name }));
      void list.invalidate();
    },
  });
  const remove = useDeleteFlow<ListDeleteTarget<ProductRow>>({
    perform: (target, force) => deleteProducts(target, force, t),
    askToForce: askWhenWinnersLinked,
    onDeleted: ({ deleted, message }) => {
      clearSelection();
      show("success", message);
      list.afterDelete(deleted);
    },
  });

  const mayWrite = useMay(WRITE_ROLES);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the handlers only set state; the columns never change (nor does the role on a page).
  const columns = useMemo(() => {
    const actions: RowAction<ProductRow>[] = [
      {
        label: t("actions.qr"),
        accessibleName: (name) => t("actions.qrOf", { name }),
        icon: <QrCodeIcon className="size-5" />,
        onClick: setQrProduct,
      },
      {
        label: t("actions.edit"),
        icon: <PencilIcon className="size-5" />,
        tone: "primary",
        hidden: () => !mayWrite,
        onClick: setEditProduct,
      },
      {
        label: t("actions.delete"),
        icon: <TrashIcon className="size-5" />,
        tone: "danger",
        hidden: () => !mayWrite,
        onClick: (row) => remove.open({ kind: "one", row }),
      },
    ];
    return productColumns(actions, tColumns);
  }, []);
  const { table, selectedIds, clearSelection } = useListTable(list, columns);
  const search = list.params.filters.search;
  const shownSearch = list.dataParams.filters.search;
  // While a search is shown its total counts matches only; the bulk actions need the whole catalogue's.
  const everyProduct = useQuery({
    queryKey: [...productsApi.key, "count"],
    queryFn: ({ signal }) => productsApi.count(signal),
    enabled: Boolean(shownSearch),
  });
  const catalogueTotal = shownSearch ? (everyProduct.data ?? null) : list.total;

  return (
    <div className="space-y-5">
      <ScreenHeader title={t("title")} description={t("description")} />

      {!baseUrlConfigured && (
        <Banner tone="warning">
          {t.rich("baseUrlWarning", { url: qrBaseUrl, strong: (chunks) => <strong className="font-semibold">{chunks}</strong> })}
        </Banner>
      )}
      {banner}

      <ProductsToolbar
        search={search}
        resultsSearch={shownSearch}
        onSearch={(term) => list.setFilters({ search: term })}
        addOpen={add.open}
        onToggleAdd={add.toggle}
        total={list.total}
        catalogueTotal={catalogueTotal}
        pageSize={list.params.pageSize}
        onPageSizeChange={list.setPageSize}
        selectedCount={selectedIds.length}
        zipProgress={zip.progress}
        onDownloadZip={zip.download}
        onDeleteSelected={() => remove.open({ kind: "selected", ids: selectedIds })}
        onDeleteAll={() => remove.open({ kind: "all" })}
      />

      {add.open && (
        <AddPanel noun="product">
          <ProductFormFields
            {...add.createFormProps}
            defaultValues={{ name: "", description: "", ...translationFormValues({}) }}
            failureMessage={t("createFailed")}
          />
        </AddPanel>
      )}

      <CatalogueTable noun="product" list={list} table={table} icon={<QrCodeIcon />} add={add} />

      <QrModal product={qrProduct} baseUrl={qrBaseUrl} onClose={() => setQrProduct(null)} />
      <EditProductModal
        product={editProduct}
        baseUrl={qrBaseUrl}
        saving={update.isPending}
        onClose={editGuard.guard(() => setEditProduct(null))}
        onDirtyChange={editGuard.setDirty}
        onSave={async (product, values, image) => {
          await update.mutateAsync({ product, values, image });
        }}
      />
      <DeleteByNameModal noun="product" item={remove.target?.kind === "one" ? remove.target.row : null} flow={remove}>
        {t("deleteOneBody")}
      </DeleteByNameModal>
      <BulkDeleteModal scope="selected" flow={remove} title={t("deleteSelectedTitle", { count: selectedCount(remove.target) })}>
        {t("deleteSelectedBody")}
      </BulkDeleteModal>
      <BulkDeleteModal scope="all" flow={remove} title={t("deleteAllTitle")}>
        {t("deleteAllBody", { count: catalogueTotal ?? "" })}
      </BulkDeleteModal>
      <ForceDeleteDialog flow={remove} title={t("winnersLinked")} />
      {add.discardDialog}
      {editGuard.dialog}
    </div>
  );
}

function selectedCount(target: ListDeleteTarget<ProductRow> | null): number {
  return target?.kind === "selected" ? target.ids.length : 0;
}
