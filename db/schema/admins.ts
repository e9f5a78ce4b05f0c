import { relations, sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { ROLES, type Role } from "@/shared/roles";
import { events } from "./events";

export const admins = pgTable(
  "admins",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: varchar({ length: 150 }).notNull().unique(),
    // scrypt, see lib/auth/password.ts. Never selected outside lib/auth.
    passwordHash: text().notNull(),
    // Read afresh on every call with the session (lib/auth/session.ts): a change applies to the next call.
    // Accounts that existed before roles became owners (the column's default when it was added).
    role: varchar({ length: 16 }).$type<Role>().notNull().default("owner"),
    // A disabled account keeps its name and audit trail; its sessions stop working at once.
    isActive: boolean().notNull().default(true),
    // The events this account may act on; null: every event (server-behaviour.md, "Several events").
    eventIds: integer().array(),
    // The event the header's switcher last chose; null: the installation's default.
    selectedEventId: integer().references(() => events.id, { onDelete: "set null" }),
    lastSignInAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("admins_name_not_blank", sql`btrim(${table.name}) <> ''`),
    check("admins_role_known", sql.raw(`role IN (${ROLES.map((role) => `'${role}'`).join(", ")})`)),
  ],
);

/**
 * Server-side sessions. The next-auth JWT only carries this row's id, so logging out (revoking the row)
 * makes the old cookie worthless even though the JWT itself has not expired.
 */
export const adminSessions = pgTable(
  "admin_sessions",
  {
    id: varchar({ length: 64 }).primaryKey(),
    adminId: integer()
      .notNull()
      .references(() => admins.id, { onDelete: "cascade" }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (table) => [index("admin_sessions_admin_idx").on(table.adminId)],
);

/**
 * Failed sign-ins, counted over a window and shared by every instance: per device for a browser with a
 * device cookie (`device`), else per name and per address (lib/services/auth/throttle.ts).
 */
export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: varchar({ length: 150 }).notNull(),
    address: text().notNull(),
    /** The device cookie's id when the attempt came with a valid one for this name; null otherwise. */
    device: varchar({ length: 32 }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index("login_attempts_name_idx").on(table.name, table.createdAt),
    index("login_attempts_address_idx").on(table.address, table.createdAt),
    index("login_attempts_device_idx").on(table.device, table.createdAt),
  ],
);

export const adminsRelations = relations(admins, ({ many }) => ({ sessions: many(adminSessions) }));
export const adminSessionsRelations = relations(adminSessions, ({ one }) => ({
  admin: one(admins, { fields: [adminSessions.adminId], references: [admins.id] }),
}));

export type Admin = typeof admins.$inferSelect;
export type AdminSession = typeof adminSessions.$inferSelect;
