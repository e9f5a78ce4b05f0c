/**
 * Every call the admin makes about winners, on top of `apiFetch` (see lib/client/products.ts for the shape).
 */
import type { WinnerPage, WinnerRow } from "@/shared/contracts/winners";
import { apiFetch, fetchListPage, type ListParams } from "./api";

/** GET /api/winners/ filters, as the URL carries them ("" = not filtered). */
export type WinnerFilters = {
  product: string;
  prize: string;
  is_received: string;
  /** waiting, received or expired (the collection deadline); "" = any. */
  status: string;
  search: string;
  start_date: string;
  end_date: string;
  /** The prize desk's look-up: exactly this 4-digit password, and this nickname if given. */
  code?: string;
  name?: string;
};
export const WINNER_FILTERS: WinnerFilters = {
  product: "",
  prize: "",
  is_received: "",
  status: "",
  search: "",
  start_date: "",
  end_date: "",
};

const winnerPath = (id: number, action = "") => `/api/winners/${id}/${action ? `${action}/` : ""}`;

export const winnersApi = {
  /** The query-cache key every winner list lives under; writes invalidate it. */
  key: ["winners"] as const,

  list(params: ListParams<Partial<WinnerFilters>>, signal?: AbortSignal): Promise<WinnerPage> {
    return fetchListPage("/api/winners/", params, signal);
  },

  /** The prize desk hands the prize over; 409 "Already handed over to <nickname> at HH:MM." when it was. */
  markReceived(id: number): Promise<WinnerRow> {
    return apiFetch(winnerPath(id, "mark_received"), { method: "POST" });
  },

  cancelReceived(id: number): Promise<WinnerRow> {
    return apiFetch(winnerPath(id, "cancel_received"), { method: "POST" });
  },

  /** An expired win takes a free unit again; 409 with the reason when none is free or it has not expired. */
  reinstate(id: number): Promise<WinnerRow> {
    return apiFetch(winnerPath(id, "reinstate"), { method: "POST" });
  },

  /** Erases the winner's nickname, code and visitor id now (server-behaviour.md, "Privacy"). */
  erase(id: number): Promise<WinnerRow> {
    return apiFetch(winnerPath(id, "erase"), { method: "POST" });
  },

  remove(id: number): Promise<void> {
    return apiFetch(winnerPath(id), { method: "DELETE" });
  },
};

/** The Excel file of the filter's winners: the browser navigates here (spec §7), paging left out. */
export function winnersExcelUrl(filters: Partial<WinnerFilters>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) search.set(key, value);
  const query = search.toString();
  return `/api/winners/download_excel/${query ? `?${query}` : ""}`;
}
