import { sql } from "drizzle-orm";
import { boolean, check, date, pgTable, smallint, timestamp, varchar } from "drizzle-orm/pg-core";

/** System settings: exactly one row (id = 1), created by the first migration. */
export const settings = pgTable(
  "settings",
  {
    id: smallint().primaryKey().default(1),
    // Off on a fresh install: nothing goes live until the organiser places prizes (server-behaviour.md).
    maintenanceMode: boolean().notNull().default(false),
    eventStartDate: date({ mode: "string" }),
    eventEndDate: date({ mode: "string" }),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // The big screen's unguessable address (/display/{token}); 32 random hex characters until rotated.
    displayToken: varchar({ length: 64 }).notNull().default(sql`replace(gen_random_uuid()::text, '-', '')`),
  },
  (table) => [
    check("settings_single_row", sql`${table.id} = 1`),
    check(
      "settings_event_period_ordered",
      sql`${table.eventStartDate} IS NULL OR ${table.eventEndDate} IS NULL OR ${table.eventStartDate} <= ${table.eventEndDate}`,
    ),
  ],
);

export type Settings = typeof settings.$inferSelect;
