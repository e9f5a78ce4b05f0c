/** The dashboard's calls, on top of `apiFetch`. */
import type { Dashboard } from "@/lib/contracts/dashboard";
import { apiFetch } from "./api";

export const dashboardApi = {
  key: ["dashboard"] as const,
  get(signal?: AbortSignal): Promise<Dashboard> {
    return apiFetch("/api/admin/dashboard/", { signal });
  },
  resetAllDaily(): Promise<{ detail: string }> {
    return apiFetch("/api/prizes/reset_all_daily/", { method: "POST" });
  },
  randomize(options: { reset: boolean; maintenance_mode: boolean }): Promise<{ detail?: string }> {
    return apiFetch("/api/prize-distributions/randomize/", { method: "POST", json: { ...options, prize_id: null } });
  },
};
