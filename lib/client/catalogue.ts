/** What the prizes' and products' clients share (lib/client/prizes.ts, products.ts): a list searched by name. */
import type { Page } from "@/shared/contracts/page";
import { fetchListPage, type ListParams } from "./api";

/** A catalogue list's filters: the search alone. */
type CatalogueFilters = { search: string };
export const CATALOGUE_FILTERS: CatalogueFilters = { search: "" };

/**
 * The list half of a catalogue's client: `key`, the query-cache key every list of it lives under (writes
 * invalidate it), and `list`, one page of `/api/<name>/` with the search.
 */
export function catalogueList<Row>(name: "prizes" | "products") {
  return {
    key: [name] as const,
    list(params: ListParams<CatalogueFilters>, signal?: AbortSignal): Promise<Page<Row>> {
      return fetchListPage(`/api/${name}/`, params, signal);
    },
  };
}
