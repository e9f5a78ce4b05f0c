/** The admin's settings calls: maintenance mode is read and switched from the placements screen. */
import type { SettingsView } from "@/lib/contracts/settings";
import { apiFetch } from "./api";

export const settingsApi = {
  key: ["settings"] as const,

  read(signal?: AbortSignal): Promise<SettingsView> {
    return apiFetch("/api/admin/settings/", { signal });
  },

  setMaintenanceMode(on: boolean): Promise<SettingsView> {
    return apiFetch("/api/admin/settings/", { method: "PATCH", json: { maintenance_mode: on } });
  },
};
