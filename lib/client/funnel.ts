/** The funnel's calls, on top of `apiFetch`. */
import type { Funnel } from "@/shared/contracts/funnel";
import { apiFetch } from "./api";

export type FunnelFilters = { start_date?: string; end_date?: string; product?: number };

function queryOf(filters: FunnelFilters): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== "") params.set(key, String(value));
  const query = params.toString();
  return query ? `?${query}` : "";
}

export const funnelApi = {
  key: (filters: FunnelFilters) => ["funnel", filters] as const,
  get(filters: FunnelFilters, signal?: AbortSignal): Promise<Funnel> {
    return apiFetch(`/api/admin/funnel/${queryOf(filters)}`, { signal });
  },
  excelUrl(filters: FunnelFilters): string {
    return `/api/admin/funnel/download_excel/${queryOf(filters)}`;
  },
};
