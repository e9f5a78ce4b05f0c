/** Every call the events screen and the header's switcher make, on top of `apiFetch`. */

import type { CopyEventBody, EventNameBody } from "@/lib/validation/event";
import type { AdminSession, EventRow } from "@/shared/contracts/events";
import { adminList } from "./admin-list";
import { apiFetch } from "./api";

/** Events are a handful: the switcher asks for all of them in one page. */
const ALL_EVENTS = { page: 1, pageSize: 1000, filters: {} };

export const eventsApi = {
  ...adminList<EventRow, EventNameBody, EventNameBody>("events"),
  async all(signal?: AbortSignal): Promise<EventRow[]> {
    return (await eventsApi.list(ALL_EVENTS, signal)).results;
  },
  remove(id: number): Promise<void> {
    return apiFetch(`/api/admin/events/${id}/`, { method: "DELETE" });
  },
  /** A draft copy: settings, pages (keeping the printed QR codes' addresses, or new ones), prizes at full stock. */
  copy(id: number, body: CopyEventBody): Promise<EventRow> {
    return apiFetch(`/api/admin/events/${id}/copy/`, { method: "POST", json: body });
  },
  /** Live; a live event sharing one of its addresses closes. */
  goLive(id: number): Promise<EventRow> {
    return apiFetch(`/api/admin/events/${id}/go_live/`, { method: "POST" });
  },
  close(id: number): Promise<EventRow> {
    return apiFetch(`/api/admin/events/${id}/close/`, { method: "POST" });
  },
  actingKey: ["acting-event"] as const,
  /** The event this account's calls act on when they name none (GET /api/admin/session/). */
  async acting(signal?: AbortSignal): Promise<number> {
    return (await apiFetch<AdminSession>("/api/admin/session/", { signal })).event;
  },
  /** What this account's calls act on from now on, when they name no event. */
  select(id: number): Promise<EventRow> {
    return apiFetch("/api/admin/selected-event/", { method: "PUT", json: { event: id } });
  },
};
