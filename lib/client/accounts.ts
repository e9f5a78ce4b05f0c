/** Every call the accounts screen makes, on top of `apiFetch` (see lib/client/products.ts for the shape). */

import type { CreateAccountBody, UpdateAccountBody } from "@/lib/validation/admin";
import type { AccountRow } from "@/shared/contracts/accounts";
import type { Page } from "@/shared/contracts/page";
import { apiFetch, fetchListPage, type ListParams } from "./api";

export const accountsApi = {
  key: ["accounts"] as const,
  list(params: ListParams, signal?: AbortSignal): Promise<Page<AccountRow>> {
    return fetchListPage("/api/admin/accounts/", params, signal);
  },
  create(body: CreateAccountBody): Promise<AccountRow> {
    return apiFetch("/api/admin/accounts/", { method: "POST", json: body });
  },
  /** Any of role, is_active, password; a new password or disabling signs the account out everywhere. */
  update(id: number, changes: UpdateAccountBody): Promise<AccountRow> {
    return apiFetch(`/api/admin/accounts/${id}/`, { method: "PATCH", json: changes });
  },
};
