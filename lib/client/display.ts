/** The big screen's address (admin), on top of `apiFetch`. */
import type { DisplayAddress } from "@/shared/contracts/display";
import { apiFetch } from "./api";

export const displayApi = {
  key: ["display-address"] as const,
  get(signal?: AbortSignal): Promise<DisplayAddress> {
    return apiFetch("/api/admin/display/", { signal });
  },
  rotate(): Promise<{ token: string; path: string }> {
    return apiFetch("/api/admin/display/rotate_token/", { method: "POST" });
  },
};
