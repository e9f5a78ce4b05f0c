/** The admin settings (maintenance mode, event period, the event's rules), on top of `apiFetch`. */
import type { PublicEventState } from "@/lib/contracts/claims";
import { apiFetch } from "./api";

export type WinsPerVisitor = "unlimited" | "one_per_day" | "one_per_event";

export type SystemSettings = {
  maintenance_mode: boolean;
  event_start_date: string | null;
  event_end_date: string | null;
  event_starts_at: string | null;
  event_ends_at: string | null;
  paused: boolean;
  pause_message: string | null;
  wins_per_visitor: WinsPerVisitor;
  /** Computed by the server's clock: where the event stands now. */
  event_state: PublicEventState;
};

export type SettingsChanges = Partial<Omit<SystemSettings, "event_state">>;

export const settingsApi = {
  key: ["settings"] as const,
  get(signal?: AbortSignal): Promise<SystemSettings> {
    return apiFetch("/api/admin/settings/", { signal });
  },
  update(changes: SettingsChanges): Promise<SystemSettings> {
    return apiFetch("/api/admin/settings/", { method: "PATCH", json: changes });
  },
};
