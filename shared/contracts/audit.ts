/** One audit row as GET /api/admin/audit/ and the /admin/audit screen show it. */
export type AuditEntryRow = {
  id: number;
  at: string;
  account_name: string;
  account_role: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  target_name: string | null;
  /** Before and after of each changed field; null when the action changed no field (a sign-in). */
  changes: Record<string, { before: unknown; after: unknown }> | null;
  address: string | null;
};

/** The actions the filter offers (a new write adds its own here). */
export const AUDIT_ACTIONS = [
  "auth.sign_in",
  "auth.sign_in_failed",
  "auth.sign_out",
  "account.create",
  "account.update",
  "product.create",
  "product.update",
  "product.delete",
  "product.delete_selected",
  "product.delete_all",
  "prize.create",
  "prize.update",
  "prize.delete",
  "prize.reset_daily",
  "prize.reset_all_daily",
  "import.apply",
  "placement.create",
  "placement.activate",
  "placement.deactivate",
  "placement.delete",
  "placement.randomize",
  "placement.move_drop",
  "winner.mark_received",
  "winner.cancel_received",
  "winner.delete",
  "winner.expired",
  "winner.reinstate",
  "winner.erase",
  "privacy.retention",
  "settings.update",
  "display.rotate_token",
  "webhook.create",
  "webhook.update",
  "webhook.delete",
  "webhook.roll_secret",
  "webhook.test",
  "webhook.resend",
  "event.create",
  "event.update",
  "event.delete",
  "event.copy",
  "event.go_live",
  "event.close",
  // Written by the wipe that "Start a new event" was before events: kept so old rows can be filtered.
  "event.reset",
] as const;
