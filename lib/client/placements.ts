/** Every call the admin makes about placements (`/api/prize-distributions/` in URLs), on top of `apiFetch`. */
import type { DropMoved, PlacementCreated, PlacementPage, PlacementsRandomized, ScheduledDrops } from "@/shared/contracts/placements";
import { apiFetch, fetchListPage, type ListParams } from "./api";

/** The placement list has no filters; the page and its size are all the URL keeps. */
export type PlacementFilters = Record<string, string>;
export const PLACEMENT_FILTERS: PlacementFilters = {};

export const placementsApi = {
  key: ["placements"] as const,

  list(params: ListParams<PlacementFilters>, signal?: AbortSignal): Promise<PlacementPage> {
    return fetchListPage("/api/prize-distributions/", params, signal);
  },

  /** The ids of every placement (page_size 1000, page after page), for delete-all. */
  async listAllIds(): Promise<number[]> {
    const ids: number[] = [];
    for (let page = 1; ; page += 1) {
      const result = await placementsApi.list({ page, pageSize: 1000, filters: PLACEMENT_FILTERS });
      ids.push(...result.results.map((placement) => placement.id));
      if (!result.next) return ids;
    }
  },

  /** The drops still to come, with the server's clock (the screen counts down on it). */
  drops(signal?: AbortSignal): Promise<ScheduledDrops> {
    return apiFetch("/api/prize-distributions/drops/", { signal });
  },

  /** Move a drop that has not happened (409 once it has). */
  moveDrop(id: number, dropsAt: string): Promise<DropMoved> {
    return apiFetch(`/api/prize-distributions/${id}/`, { method: "PATCH", json: { drops_at: dropsAt } }, { redirectOn404: false });
  },

  create(input: {
    prize: number;
    product: number;
    is_active?: boolean;
    drops_at?: string | null;
    announce?: boolean;
  }): Promise<PlacementCreated> {
    return apiFetch("/api/prize-distributions/", { method: "POST", json: input });
  },

  setActive(id: number, isActive: boolean): Promise<{ id: number; is_active: boolean }> {
    return apiFetch(`/api/prize-distributions/${id}/`, { method: "PATCH", json: { is_active: isActive } });
  },

  /**
   * 409 while a visitor holds it: the screen shows the server's "a visitor is claiming this right now". A 404
   * (another admin deleted it first) is answered to the caller, not by leaving for /not-found.
   */
  remove(id: number): Promise<void> {
    return apiFetch(`/api/prize-distributions/${id}/`, { method: "DELETE" }, { redirectOn404: false });
  },

  /** `maintenance_mode` null leaves automatic placement as it is: only the organiser's own choice changes it. */
  randomize(input: {
    reset: boolean;
    maintenance_mode: boolean | null;
    prize_id: number | null;
    spread_minutes?: number | null;
  }): Promise<PlacementsRandomized> {
    return apiFetch("/api/prize-distributions/randomize/", { method: "POST", json: input });
  },
};
