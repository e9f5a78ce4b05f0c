import { relations, sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, timestamp } from "drizzle-orm/pg-core";
import { catalogueEntryChecks, catalogueEntryColumns } from "./catalogue-entry";
import { images } from "./images";

/** A stock of identical prize items, a daily limit and a target number of live placements. */
export const prizes = pgTable(
  "prizes",
  {
    ...catalogueEntryColumns(),
    totalQuantity: integer().notNull(),
    remainingQuantity: integer().notNull(),
    dailyDistribution: integer().notNull(),
    maintenanceCount: integer().notNull(),
    // Counts wins on `distributedOn` only (a date in APP_TIMEZONE): a read on a later date treats it as 0,
    // so the daily budget restarts at midnight without a scheduler.
    todayDistributed: integer().notNull().default(0),
    distributedOn: date({ mode: "string" }),
    // Hourly pacing, to spread a prize over the day: at most this many units won per clock hour in APP_TIMEZONE; null: no limit.
    // Counted like the daily budget: wins in `distributedHour` only (the hour's start), so a new hour starts
    // at 0 by itself, and the claim's conditional UPDATE of this row keeps it exact under a crowd.
    hourlyLimit: integer(),
    hourDistributed: integer().notNull().default(0),
    distributedHour: timestamp({ withTimezone: true }),
    isActive: boolean().notNull().default(true),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    ...catalogueEntryChecks("prizes", table),
    check("prizes_remaining_within_total", sql`${table.remainingQuantity} >= 0 AND ${table.remainingQuantity} <= ${table.totalQuantity}`),
    check("prizes_daily_within_total", sql`${table.dailyDistribution} >= 1 AND ${table.dailyDistribution} <= ${table.totalQuantity}`),
    check(
      "prizes_maintenance_within_daily",
      sql`${table.maintenanceCount} >= 1 AND ${table.maintenanceCount} <= ${table.dailyDistribution}`,
    ),
    check("prizes_today_distributed_non_negative", sql`${table.todayDistributed} >= 0`),
    check(
      "prizes_hourly_within_daily",
      sql`${table.hourlyLimit} IS NULL OR (${table.hourlyLimit} >= 1 AND ${table.hourlyLimit} <= ${table.dailyDistribution})`,
    ),
    check("prizes_hour_distributed_non_negative", sql`${table.hourDistributed} >= 0`),
    index("prizes_created_at_idx").on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
  ],
);

export const prizesRelations = relations(prizes, ({ one }) => ({
  image: one(images, { fields: [prizes.imageId], references: [images.id] }),
}));

export type Prize = typeof prizes.$inferSelect;
export type NewPrize = typeof prizes.$inferInsert;
