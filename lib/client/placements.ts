/** Every call the admin makes about placements (`/api/prize-distributions/` in URLs), on top of `apiFetch`. */
import type { PlacementCreated, PlacementPage, PlacementsRandomized } from "@/lib/contracts/placements";
import { apiFetch, type ListParams, listSearch } from "./api";

export type PlacementFilters = Record<string, never>;
export const PLACEMENT_FILTERS: PlacementFilters = {};

export const placementsApi = {
  key: ["placements"] as const,

  list({ page, pageSize, filters }: ListParams<PlacementFilters>, signal?: AbortSignal): Promise<PlacementPage> {
    return apiFetch(`/api/prize-distributions/${listSearch({ page, pageSize, filters })}`, { signal }, { redirectOn404: false });
  },

  create(input: { prize: number; product: number; is_active?: boolean }): Promise<PlacementCreated> {
    return apiFetch("/api/prize-distributions/", { method: "POST", json: input });
  },

  setActive(id: number, isActive: boolean): Promise<{ id: number; is_active: boolean }> {
    return apiFetch(`/api/prize-distributions/${id}/`, { method: "PATCH", json: { is_active: isActive } });
  },

  /** 409 while a visitor holds it: the screen says "a visitor is claiming this right now". */
  remove(id: number): Promise<void> {
    return apiFetch(`/api/prize-distributions/${id}/`, { method: "DELETE" });
  },

  randomize(input: { reset: boolean; maintenance_mode: boolean; prize_id: number | null }): Promise<PlacementsRandomized> {
    return apiFetch("/api/prize-distributions/randomize/", { method: "POST", json: input });
  },
};
