/**
 * Every call the admin makes about products, on top of `apiFetch`. A screen never writes an `/api/...` URL:
 * it calls these. New entities follow the same shape in `lib/client/<entity>.ts` (list, create, update,
 * remove, bulk operations), with their response types in `shared/contracts/<entity>.ts`.
 */
import type { ProductRow, ProductsDeleted } from "@/shared/contracts/products";
import { apiFetch } from "./api";
import { CATALOGUE_FILTERS, catalogueList } from "./catalogue";

export const productsApi = {
  ...catalogueList<ProductRow>("products"),

  /** How many products there are, whatever a search shows. */
  async count(signal?: AbortSignal): Promise<number> {
    return (await productsApi.list({ page: 1, pageSize: 1, filters: CATALOGUE_FILTERS }, signal)).count;
  },

  /** Every product (page_size 1000, page after page), for the QR zip. */
  async listAll(): Promise<ProductRow[]> {
    const all: ProductRow[] = [];
    for (let page = 1; ; page += 1) {
      const result = await productsApi.list({ page, pageSize: 1000, filters: CATALOGUE_FILTERS });
      all.push(...result.results);
      if (!result.next) return all;
    }
  },

  create(form: FormData): Promise<ProductRow> {
    return apiFetch("/api/admin/create-product/", { method: "POST", formData: form });
  },

  update(id: number, form: FormData): Promise<ProductRow> {
    return apiFetch(`/api/products/${id}/`, { method: "PUT", formData: form });
  },

  remove(id: number, force: boolean): Promise<void> {
    return apiFetch(`/api/products/${id}/${force ? "?force=true" : ""}`, { method: "DELETE" });
  },

  removeSelected(ids: number[], force: boolean): Promise<ProductsDeleted> {
    return apiFetch("/api/products/delete_selected/", { method: "POST", json: { product_ids: ids, force } });
  },

  removeAll(force: boolean): Promise<ProductsDeleted> {
    return apiFetch(`/api/products/delete_all/?confirm=true${force ? "&force=true" : ""}`, { method: "DELETE" });
  },
};
