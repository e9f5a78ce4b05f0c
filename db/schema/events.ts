import { sql } from "drizzle-orm";
import { boolean, check, integer, pgTable, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";

export type EventStatus = "draft" | "live" | "closed";

/**
 * One event of the installation (server-behaviour.md, "Several events in one installation"): its settings
 * row (`settings.id` is the event's id), product pages, prizes, placements, winners, counts, funnel and
 * audit rows all carry its id. Several may be live at once (two halls). An upgraded installation's data is
 * event 1, live.
 */
export const events = pgTable(
  "events",
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    // The organiser's name for the event in the admin (the switcher, the list); visitors read the branding's name.
    name: varchar({ length: 60 }).notNull(),
    // draft: being set up, nothing can be held; live: visitors play; closed: nothing can be held or won.
    status: text().$type<EventStatus>().notNull().default("draft"),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    wentLiveAt: timestamp({ withTimezone: true }),
    closedAt: timestamp({ withTimezone: true }),
    // The installation's default event (exactly one): what an admin call acts on when it names none and the
    // account chose none, and what the spec's calls, which name no event, act on. An owner's setting.
    isDefault: boolean().notNull().default(false),
  },
  (table) => [
    check("events_status_known", sql`${table.status} IN ('draft', 'live', 'closed')`),
    check("events_name_not_blank", sql`btrim(${table.name}) <> ''`),
    uniqueIndex("events_one_default").on(table.isDefault).where(sql`${table.isDefault}`),
  ],
);

export type Event = typeof events.$inferSelect;

/**
 * The event a row belongs to. Defaults to event 1 while the queries learn to name their event (an
 * installation upgraded from one event has only event 1), so every insert written before events keeps working.
 */
export function eventIdColumn() {
  return integer()
    .notNull()
    .default(1)
    .references(() => events.id, { onDelete: "cascade" });
}
