"use client";

import { getCoreRowModel, type RowSelectionState, useReactTable } from "@tanstack/react-table";
import { useMemo, useState } from "react";
import { ScreenHeader } from "@/components/admin/screen-header";
import { Banner, useBanner } from "@/components/ui/banner";
import { Button } from "@/components/ui/button";
import { DataTable } from "@/components/ui/data-table";
import { EmptyState } from "@/components/ui/empty-state";
import { QrCodeIcon, SearchIcon } from "@/components/ui/icons";
import { Pager } from "@/components/ui/pager";
import { Spinner } from "@/components/ui/spinner";
import { ApiError, apiFetch, errorMessage } from "@/lib/client/api";
import { saveBlob } from "@/lib/client/download";
import { qrZipName } from "@/lib/qr/file-names";
import type { ProductForm } from "@/lib/validation/product";
import { type ProductRow, productColumns } from "./columns";
import { type ImageChange, ProductFormFields } from "./form";
import { DeleteAllModal, DeleteProductModal, DeleteSelectedModal, EditProductModal, QrModal, WinnersLinkedDialog } from "./modals";
import { buildQrZip } from "./qr-zip";
import { ProductsToolbar, type ZipProgress } from "./toolbar";
import { fetchAllProducts, useProductList } from "./use-product-list";

type DeleteTarget = { kind: "one"; product: ProductRow } | { kind: "selected"; ids: number[] } | { kind: "all" };

function productFormData(values: ProductForm, image: ImageChange): FormData {
  const form = new FormData();
  form.append("name", values.name);
  form.append("description", values.description);
  if (image.kind === "replace") form.append("image", image.file);
  if (image.kind === "remove") form.append("remove_image", "true");
  return form;
}

/** The server refused because winners are linked: `{detail, winners_count}` with 400. */
function linkedWinners(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const count = error.body?.winners_count;
  return typeof count === "number" ? count : null;
}

async function performDelete(target: DeleteTarget, force: boolean): Promise<{ deleted: number; message: string }> {
  if (target.kind === "one") {
    await apiFetch(`/api/products/${target.product.id}/${force ? "?force=true" : ""}`, { method: "DELETE" });
    return { deleted: 1, message: `Deleted “${target.product.name}”.` };
  }
  if (target.kind === "selected") {
    const result = await apiFetch<{ deleted_count: number }>("/api/products/delete_selected/", {
      method: "POST",
      json: { product_ids: target.ids, force },
    });
    return { deleted: result.deleted_count, message: `Deleted ${result.deleted_count} product${result.deleted_count === 1 ? "" : "s"}.` };
  }
  const result = await apiFetch<{ detail: string; deleted_count: number }>(
    `/api/products/delete_all/?confirm=true${force ? "&force=true" : ""}`,
    {
      method: "DELETE",
    },
  );
  return { deleted: result.deleted_count, message: result.detail };
}

/** /admin/products (spec §2): search, add, page, QR codes, edit and delete product pages. */
export function ProductsScreen({ qrBaseUrl, baseUrlConfigured }: { qrBaseUrl: string; baseUrlConfigured: boolean }) {
  const list = useProductList();
  const { banner, show } = useBanner();
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({});
  const [addOpen, setAddOpen] = useState(false);
  const [qrProduct, setQrProduct] = useState<ProductRow | null>(null);
  const [editProduct, setEditProduct] = useState<ProductRow | null>(null);
  const [saving, setSaving] = useState(false);
  const [deleteTarget, setDeleteTarget] = useState<DeleteTarget | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [winnersCount, setWinnersCount] = useState<number | null>(null);
  const [zipProgress, setZipProgress] = useState<ZipProgress | null>(null);

  // A selection belongs to the rows on screen: a new page, size or search starts a new one.
  const [selectionQuery, setSelectionQuery] = useState(list.query);
  if (selectionQuery !== list.query) {
    setSelectionQuery(list.query);
    setRowSelection({});
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: openDelete only sets state; the columns never change.
  const columns = useMemo(
    () => productColumns({ onShowQr: setQrProduct, onEdit: setEditProduct, onDelete: (product) => openDelete({ kind: "one", product }) }),
    [],
  );
  const table = useReactTable({
    data: list.data?.results ?? [],
    columns,
    getCoreRowModel: getCoreRowModel(),
    getRowId: (product) => String(product.id),
    state: { rowSelection },
    onRowSelectionChange: setRowSelection,
    manualPagination: true,
  });
  const selectedIds = Object.keys(rowSelection)
    .filter((id) => rowSelection[id])
    .map(Number);
  const total = list.data?.count ?? null;
  const pageCount = list.data ? Math.ceil(list.data.count / list.dataQuery.pageSize) : 0;

  function openDelete(target: DeleteTarget) {
    setDeleteError(null);
    setDeleteTarget(target);
  }

  function closeDelete() {
    setDeleteTarget(null);
    setWinnersCount(null);
  }

  async function runDelete(target: DeleteTarget, force: boolean) {
    setDeleting(true);
    setDeleteError(null);
    try {
      const { deleted, message } = await performDelete(target, force);
      closeDelete();
      setRowSelection({});
      show("success", message);
      list.afterDelete(deleted);
    } catch (error) {
      const linked = force ? null : linkedWinners(error);
      if (linked !== null) {
        setWinnersCount(linked);
      } else {
        setWinnersCount(null);
        setDeleteError(errorMessage(error, "Failed to delete. Please try again."));
      }
    } finally {
      setDeleting(false);
    }
  }

  async function createProduct(values: ProductForm, image: ImageChange) {
    await apiFetch("/api/admin/create-product/", { method: "POST", formData: productFormData(values, image) });
    show("success", `Product “${values.name}” was created.`);
    list.showNewest();
  }

  async function saveProduct(product: ProductRow, values: ProductForm, image: ImageChange) {
    setSaving(true);
    try {
      await apiFetch(`/api/products/${product.id}/`, { method: "PUT", formData: productFormData(values, image) });
      setEditProduct(null);
      show("success", `Product “${values.name}” was updated.`);
      list.reload();
    } finally {
      setSaving(false);
    }
  }

  async function downloadAllQrCodes() {
    if (zipProgress) return;
    setZipProgress({ done: 0, total: 0 });
    try {
      const products = await fetchAllProducts();
      if (products.length === 0) {
        show("warning", "There are no QR codes to download: add a product first.");
        return;
      }
      const result = await buildQrZip(products, (done, count) => setZipProgress({ done, total: count }));
      if (!result.zip) {
        show("error", "Failed to download the QR codes. Please try again.");
        return;
      }
      saveBlob(result.zip, qrZipName(new Date()));
      if (result.failed > 0) {
        show("warning", `Downloaded ${result.succeeded} of ${products.length} QR codes. Some QR codes could not be downloaded.`);
      } else {
        show("success", `Downloaded ${result.succeeded} QR code${result.succeeded === 1 ? "" : "s"}.`);
      }
    } catch (error) {
      show("error", errorMessage(error, "Failed to download the QR codes. Please try again."));
    } finally {
      setZipProgress(null);
    }
  }

  const empty = list.dataQuery.search ? (
    <EmptyState
      icon={<SearchIcon />}
      title="No search results"
      description={`No product matches “${list.dataQuery.search}”. Try another word, or clear the search.`}
      action={<Button onClick={() => list.setSearch("")}>Clear search</Button>}
    />
  ) : (
    <EmptyState
      icon={<QrCodeIcon />}
      title="No products yet"
      description="Add a product page for each stand; each gets its own QR code."
      action={
        !addOpen && (
          <Button variant="primary" onClick={() => setAddOpen(true)}>
            Add product
          </Button>
        )
      }
    />
  );

  return (
    <div className="space-y-5">
      <ScreenHeader title="Product management" description="Product pages that visitors reach by scanning their QR codes." />

      {!baseUrlConfigured && (
        <Banner tone="warning">
          <strong className="font-semibold">QR codes follow the address you are using now</strong> ({qrBaseUrl}), because PUBLIC_BASE_URL is
          not set. Set PUBLIC_BASE_URL to the address visitors will use before you print or share QR codes.
        </Banner>
      )}
      {banner}

      <ProductsToolbar
        search={list.query.search}
        resultsSearch={list.dataQuery.search}
        onSearch={list.setSearch}
        addOpen={addOpen}
        onToggleAdd={() => setAddOpen((open) => !open)}
        total={total}
        pageSize={list.query.pageSize}
        onPageSizeChange={list.setPageSize}
        selectedCount={selectedIds.length}
        zipProgress={zipProgress}
        onDownloadZip={downloadAllQrCodes}
        onDeleteSelected={() => {
          if (selectedIds.length === 0) show("warning", "Select the products to delete first.");
          else openDelete({ kind: "selected", ids: selectedIds });
        }}
        onDeleteAll={() => {
          if (total === 0) show("warning", "There are no products to delete.");
          else openDelete({ kind: "all" });
        }}
      />

      {addOpen && (
        <section
          id="add-product-panel"
          aria-labelledby="add-product-heading"
          className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
        >
          <h2 id="add-product-heading" className="mb-4 text-lg font-semibold text-slate-900">
            Add product
          </h2>
          <ProductFormFields
            mode="create"
            defaultValues={{ name: "", description: "" }}
            failureMessage="Failed to create the product."
            onSubmit={createProduct}
          />
        </section>
      )}

      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        {list.error ? (
          <div className="p-5">
            <Banner tone="error">
              {list.error}{" "}
              <button type="button" onClick={list.reload} className="font-semibold underline underline-offset-2">
                Try again
              </button>
            </Banner>
          </div>
        ) : list.data === null ? (
          <div className="flex justify-center py-16 text-indigo-600">
            <Spinner className="size-8" label="Loading products" />
          </div>
        ) : (
          <DataTable table={table} caption="Products" empty={empty} busy={list.loading} />
        )}
      </div>

      <Pager page={list.dataQuery.page} pageCount={pageCount} onPageChange={list.setPage} label="Product pages" disabled={list.loading} />

      <QrModal product={qrProduct} baseUrl={qrBaseUrl} onClose={() => setQrProduct(null)} />
      <EditProductModal
        product={editProduct}
        baseUrl={qrBaseUrl}
        saving={saving}
        onClose={() => setEditProduct(null)}
        onSave={saveProduct}
      />
      <DeleteProductModal
        product={deleteTarget?.kind === "one" ? deleteTarget.product : null}
        busy={deleting}
        error={deleteError}
        onClose={closeDelete}
        onConfirm={(product) => runDelete({ kind: "one", product }, false)}
      />
      <DeleteSelectedModal
        open={deleteTarget?.kind === "selected"}
        count={deleteTarget?.kind === "selected" ? deleteTarget.ids.length : 0}
        busy={deleting}
        error={deleteError}
        onClose={closeDelete}
        onConfirm={() => deleteTarget && runDelete(deleteTarget, false)}
      />
      <DeleteAllModal
        open={deleteTarget?.kind === "all"}
        total={total ?? 0}
        busy={deleting}
        error={deleteError}
        onClose={closeDelete}
        onConfirm={() => deleteTarget && runDelete(deleteTarget, false)}
      />
      <WinnersLinkedDialog
        winnersCount={winnersCount}
        busy={deleting}
        onClose={closeDelete}
        onConfirm={() => deleteTarget && runDelete(deleteTarget, true)}
      />
    </div>
  );
}
