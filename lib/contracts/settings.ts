/** GET/PATCH /api/admin/settings/ (db/queries/settings.ts). */
export type SettingsView = {
  maintenance_mode: boolean;
  event_start_date: string | null;
  event_end_date: string | null;
};
