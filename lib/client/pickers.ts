/**
 * The product and prize dropdowns of the filter bars and forms: the first 100 of each (spec §9), newest
 * first, searched on the server when the organiser types.
 */
import type { Page } from "@/shared/contracts/page";
import type { ProductRow } from "@/shared/contracts/products";
import { apiFetch } from "./api";

/** `holds`: what a product page has on it now (its live prize, or a drop set aside there), for the placing forms. */
export type PickerOption = { id: number; name: string; holds?: ProductRow["live_prize"] };
export const PICKER_PAGE_SIZE = 100;

function pickerPage<Row>(path: string, search = "", signal?: AbortSignal): Promise<Row[]> {
  const query = new URLSearchParams({ page_size: String(PICKER_PAGE_SIZE) });
  if (search) query.set("search", search);
  return apiFetch<Page<Row>>(`${path}?${query}`, { signal }).then((page) => page.results);
}

const pickerList = (path: string, search?: string, signal?: AbortSignal): Promise<PickerOption[]> =>
  pickerPage<PickerOption>(path, search, signal).then((rows) => rows.map(({ id, name }) => ({ id, name })));

export const pickersApi = {
  products: (search?: string, signal?: AbortSignal) => pickerList("/api/products/", search, signal),
  /** Product pages with what each holds now: the placing forms mark the taken ones. */
  pagesToPlace: (search?: string, signal?: AbortSignal) =>
    pickerPage<ProductRow>("/api/products/", search, signal).then((rows) =>
      rows.map(({ id, name, live_prize }) => ({ id, name, holds: live_prize })),
    ),
  prizes: (search?: string, signal?: AbortSignal) => pickerList("/api/prizes/", search, signal),
};
