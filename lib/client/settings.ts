/** The admin settings (maintenance mode, event period), on top of `apiFetch`. */
import { apiFetch } from "./api";

export type SystemSettings = { maintenance_mode: boolean; event_start_date: string | null; event_end_date: string | null };

export const settingsApi = {
  key: ["settings"] as const,
  get(signal?: AbortSignal): Promise<SystemSettings> {
    return apiFetch("/api/admin/settings/", { signal });
  },
  update(changes: Partial<SystemSettings>): Promise<SystemSettings> {
    return apiFetch("/api/admin/settings/", { method: "PATCH", json: changes });
  },
};
