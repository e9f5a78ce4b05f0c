/** The dashboard's calls, on top of `apiFetch`. */
import type { Dashboard } from "@/shared/contracts/dashboard";
import { apiFetch } from "./api";

export const dashboardApi = {
  key: ["dashboard"] as const,
  get(signal?: AbortSignal): Promise<Dashboard> {
    return apiFetch("/api/admin/dashboard/", { signal });
  },
};
