/**
 * The product and prize dropdowns of the filter bars and forms: the first 100 of each (spec §9), newest
 * first, searched on the server when the organiser types.
 */
import type { Page } from "@/shared/contracts/page";
import { apiFetch } from "./api";

export type PickerOption = { id: number; name: string };
export const PICKER_PAGE_SIZE = 100;

function pickerList(path: string, search = "", signal?: AbortSignal): Promise<PickerOption[]> {
  const query = new URLSearchParams({ page_size: String(PICKER_PAGE_SIZE) });
  if (search) query.set("search", search);
  return apiFetch<Page<PickerOption>>(`${path}?${query}`, { signal }).then((page) => page.results.map(({ id, name }) => ({ id, name })));
}

export const pickersApi = {
  products: (search?: string, signal?: AbortSignal) => pickerList("/api/products/", search, signal),
  prizes: (search?: string, signal?: AbortSignal) => pickerList("/api/prizes/", search, signal),
};
