import { sql } from "drizzle-orm";
import { bigint, index, integer, jsonb, pgTable, text, timestamp, unique, varchar } from "drizzle-orm/pg-core";

/** Before and after of each changed field: `{ stock: { before: 10, after: 12 } }`. Never a password or hash. */
export type AuditChanges = Record<string, { before: unknown; after: unknown }>;

/**
 * One row per admin write, sign-in, failed sign-in and sign-out, written in the same transaction as the
 * change (lib/services/audit/record.ts). Append-only: a trigger refuses UPDATE and DELETE (migration 0007).
 * The account and the target are named, not referenced: deleting a prize keeps its history readable.
 */
export const auditLog = pgTable(
  "audit_log",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamp({ withTimezone: true }).notNull().defaultNow(),
    accountId: integer(),
    // The event the change was made in; null for what belongs to the installation (sign-ins, accounts). Not a
    // reference, like the account: the log outlives what it names and is never updated.
    eventId: integer(),
    /** The account's name; for a failed sign-in, the name typed (whether or not it exists). */
    accountName: varchar({ length: 150 }).notNull(),
    accountRole: varchar({ length: 16 }),
    /** `<target type>.<verb>`, e.g. `prize.update`, `winner.mark_received`, `auth.sign_in_failed`. */
    action: varchar({ length: 64 }).notNull(),
    targetType: varchar({ length: 32 }),
    targetId: varchar({ length: 64 }),
    targetName: text(),
    changes: jsonb().$type<AuditChanges>(),
    address: varchar({ length: 100 }),
  },
  (table) => [
    // The list is newest first; each filter has an index that keeps that order.
    // (ORDER BY x DESC puts nulls first: the index says so too, or Postgres cannot walk it for the list.)
    index("audit_log_event_at_idx").on(table.eventId, table.at.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index("audit_log_at_idx").on(table.at.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index("audit_log_account_idx").on(table.accountName, table.at.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index("audit_log_action_idx").on(table.action, table.at.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index("audit_log_target_idx").on(table.targetType, table.targetId, table.at.desc().nullsFirst(), table.id.desc().nullsFirst()),
    // The retention sweep, each event's: the rows still holding an address, oldest first.
    index("audit_log_addresses_idx").on(table.eventId, table.at).where(sql`${table.address} IS NOT NULL`),
    // The search box looks in the target's name (ILIKE '%term%', as the winners search).
    index("audit_log_target_name_trgm_idx").using("gin", table.targetName.op("gin_trgm_ops")),
  ],
);

/**
 * How many audit rows each (UTC hour, action, account) has, kept by an insert trigger in the same
 * transaction as the row (migration 0007; rows are never updated or deleted, so inserts are all there is).
 * The list's total reads these few hundred rows instead of counting 100,000 (db/queries/audit.ts).
 */
export const auditTallies = pgTable(
  "audit_tallies",
  {
    eventId: integer(),
    hourUtc: timestamp().notNull(),
    action: varchar({ length: 64 }).notNull(),
    accountName: varchar({ length: 150 }).notNull(),
    rows: integer().notNull(),
  },
  (table) => [unique("audit_tallies_key").on(table.eventId, table.hourUtc, table.action, table.accountName).nullsNotDistinct()],
);

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;
