/** The admin settings (maintenance mode, event period, the event's rules), on top of `apiFetch`. */
import type { SystemSettings, WinsPerVisitor } from "@/shared/contracts/settings";
import { apiFetch } from "./api";

export type { SystemSettings, WinsPerVisitor };

export type SettingsChanges = Partial<Omit<SystemSettings, "event_state" | "logo_url">>;

export const settingsApi = {
  key: ["settings"] as const,
  get(signal?: AbortSignal): Promise<SystemSettings> {
    return apiFetch("/api/admin/settings/", { signal });
  },
  update(changes: SettingsChanges): Promise<SystemSettings> {
    return apiFetch("/api/admin/settings/", { method: "PATCH", json: changes });
  },
  /** The event's logo: a form with the file as `logo`. */
  uploadLogo(form: FormData): Promise<SystemSettings> {
    return apiFetch("/api/admin/settings/logo/", { method: "PUT", formData: form });
  },
  removeLogo(): Promise<SystemSettings> {
    return apiFetch("/api/admin/settings/logo/", { method: "DELETE" });
  },
};
