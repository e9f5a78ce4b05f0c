/** What the accounts', events' and webhooks' clients share (lib/client/accounts.ts, events.ts, webhooks.ts): a list under /api/admin/ whose rows are made and changed there. */
import type { Page } from "@/shared/contracts/page";
import { apiFetch, fetchListPage, type ListParams } from "./api";

/**
 * `key`, the query-cache key every list of `/api/admin/<name>/` lives under (writes invalidate it); `list`,
 * one page; `create`, a new row (answered as `Created`: the webhooks' carries the secret, once); `update`,
 * some of a row's fields (PATCH).
 */
export function adminList<Row, CreateBody, UpdateBody, Created = Row>(name: "accounts" | "events" | "webhooks") {
  const base = `/api/admin/${name}/`;
  return {
    key: [name] as const,
    list(params: ListParams, signal?: AbortSignal): Promise<Page<Row>> {
      return fetchListPage(base, params, signal);
    },
    create(body: CreateBody): Promise<Created> {
      return apiFetch(base, { method: "POST", json: body });
    },
    update(id: number, changes: UpdateBody): Promise<Row> {
      return apiFetch(`${base}${id}/`, { method: "PATCH", json: changes });
    },
  };
}
