import { type SQL, sql } from "drizzle-orm";

/**
 * The audit action of "Start a new event" (lib/services/event/start-new.ts). Its row is also the one record
 * of when the current event began: the audit log is append-only, so no one can move that instant.
 */
export const EVENT_RESET_ACTION = "event.reset";

/** True when a new event was started after `instant` (indexed: audit_log_action_idx). */
export function eventResetSince(instant: Date | SQL) {
  const at = instant instanceof Date ? sql`${instant.toISOString()}::timestamptz` : instant;
  return sql<boolean>`exists (select 1 from audit_log where action = ${EVENT_RESET_ACTION} and at > ${at})`;
}
