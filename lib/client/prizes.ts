/** Every call the admin makes about prizes, on top of `apiFetch` (same shape as lib/client/products.ts). */
import type { PrizeRow } from "@/shared/contracts/prizes";
import { apiFetch } from "./api";
import { catalogueList } from "./catalogue";

export const prizesApi = {
  ...catalogueList<PrizeRow>("prizes"),

  create(form: FormData): Promise<PrizeRow> {
    return apiFetch("/api/prizes/", { method: "POST", formData: form });
  },

  /** The form carries `expected_remaining_quantity`: a stale edit answers 409 with the server's message. */
  update(id: number, form: FormData): Promise<PrizeRow> {
    return apiFetch(`/api/prizes/${id}/`, { method: "PUT", formData: form });
  },

  remove(id: number): Promise<void> {
    return apiFetch(`/api/prizes/${id}/`, { method: "DELETE" });
  },

  resetDaily(id: number): Promise<unknown> {
    return apiFetch(`/api/prizes/${id}/reset_daily/`, { method: "POST" });
  },

  resetAllDaily(): Promise<{ detail?: string }> {
    return apiFetch("/api/prizes/reset_all_daily/", { method: "POST" });
  },
};
