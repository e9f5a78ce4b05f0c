import { sql } from "drizzle-orm";
import { boolean, check, date, integer, pgTable, smallint, text, timestamp, varchar } from "drizzle-orm/pg-core";
import type { EventState, WinsPerVisitor } from "@/shared/contracts/settings";
import { events } from "./events";
import { images } from "./images";

export type { EventState, WinsPerVisitor };

/** Each event's settings: one row per event, `id` being the event's (event 1's row was made by the first migration). */
export const settings = pgTable(
  "settings",
  {
    id: integer()
      .primaryKey()
      .references(() => events.id, { onDelete: "cascade" }),
    // Off on a fresh install: nothing goes live until the organiser places prizes (server-behaviour.md).
    maintenanceMode: boolean().notNull().default(false),
    eventStartDate: date({ mode: "string" }),
    eventEndDate: date({ mode: "string" }),
    // The event's rules: opening hours (null: no limit), the pause switch, the win limit.
    eventStartsAt: timestamp({ withTimezone: true }),
    eventEndsAt: timestamp({ withTimezone: true }),
    paused: boolean().notNull().default(false),
    pauseMessage: varchar({ length: 200 }),
    winsPerVisitor: text().$type<WinsPerVisitor>().notNull().default("unlimited"),
    // The product page names and shows the prize waiting on it before the tap, so nobody taps for a prize they do not want.
    showPrizeBeforeTap: boolean().notNull().default(true),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // The big screen's unguessable address (/display/{token}); 32 random hex characters until rotated.
    displayToken: varchar({ length: 64 }).notNull().default(sql`replace(gen_random_uuid()::text, '-', '')`),
    // Branding; null keeps today's look: "Prize Giveaway", no logo, the default colours.
    eventName: varchar({ length: 60 }),
    logoImageId: integer().references(() => images.id, { onDelete: "set null" }),
    primaryColor: varchar({ length: 7 }),
    footerText: varchar({ length: 120 }),
    // The name and footer in each language (server-behaviour.md, "Branding"); the plain ones
    // above stay the fallback, so the spec's client and older data work.
    eventNameEn: varchar({ length: 60 }),
    eventNameKo: varchar({ length: 60 }),
    footerTextEn: varchar({ length: 120 }),
    footerTextKo: varchar({ length: 120 }),
    // Moves with every branding change only: names the visitor page's cached copies (shared/urls/public-page-cache.ts)
    // and wakes the big screens (trigger in drizzle/), while other settings writes leave both alone.
    brandingUpdatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // The event's own clock, for an event in another zone than the server: an IANA name; null follows APP_TIMEZONE. Every time typed or shown, the
    // day boundary and the clock hours use it (lib/event/time-zone.ts, db/prize-rules.ts eventZone()).
    timeZone: varchar({ length: 64 }),
    // Collecting a prize: minutes a winner has to collect (null: no deadline), and where.
    collectWithinMinutes: smallint(),
    deskLocationEn: varchar({ length: 80 }),
    deskLocationKo: varchar({ length: 80 }),
    // Privacy (server-behaviour.md "Privacy"): the notice as written (null: the default written from
    // the settings), who to ask, whether the claim asks consent, and how long winners' data is kept.
    privacyNoticeEn: varchar({ length: 4000 }),
    privacyNoticeKo: varchar({ length: 4000 }),
    privacyContact: varchar({ length: 200 }),
    consentRequired: boolean().notNull().default(false),
    retentionDays: smallint().notNull().default(30),
    // The notice's version: moves with every change of what the notice says (its texts, contact, retention,
    // the event's name). A win records the version its visitor consented to.
    privacyNoticeChangedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check(
      "settings_event_period_ordered",
      sql`${table.eventStartDate} IS NULL OR ${table.eventEndDate} IS NULL OR ${table.eventStartDate} <= ${table.eventEndDate}`,
    ),
    check(
      "settings_event_hours_ordered",
      sql`${table.eventStartsAt} IS NULL OR ${table.eventEndsAt} IS NULL OR ${table.eventStartsAt} < ${table.eventEndsAt}`,
    ),
    check("settings_primary_color_hex", sql`${table.primaryColor} IS NULL OR ${table.primaryColor} ~ '^#[0-9a-f]{6}$'`),
    check(
      "settings_collect_within_minutes_range",
      sql`${table.collectWithinMinutes} IS NULL OR ${table.collectWithinMinutes} BETWEEN 5 AND 1440`,
    ),
    check("settings_retention_days_range", sql`${table.retentionDays} BETWEEN 1 AND 365`),
    check("settings_wins_per_visitor_known", sql`${table.winsPerVisitor} IN ('unlimited', 'one_per_day', 'one_per_event')`),
  ],
);

export type Settings = typeof settings.$inferSelect;
