import { relations, sql } from "drizzle-orm";
import { boolean, check, foreignKey, index, integer, pgTable, text, timestamp, unique, uniqueIndex } from "drizzle-orm/pg-core";
import { eventIdColumn } from "./events";
import { prizes } from "./prizes";
import { products } from "./products";

/**
 * A placement: "prize X is waiting on product page Y". A visitor's 60-second hold lives in the
 * `reserved_*` columns; an expired hold is simply ignored, so no cleanup job is needed.
 */
export const placements = pgTable(
  "prize_placements",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    eventId: eventIdColumn(),
    // Both in the placement's own event (the composite keys below).
    prizeId: integer().notNull(),
    productId: integer().notNull(),
    isActive: boolean().notNull().default(true),
    reservedBy: text(),
    reservedUntil: timestamp({ withTimezone: true }),
    // The end the hold was given when taken. When the holder's page goes away (a reload, or leaving),
    // `reserved_until` is brought forward to a short grace; the reloaded page, asking again, gets this back.
    holdEndsAt: timestamp({ withTimezone: true }),
    claimedAt: timestamp({ withTimezone: true }),
    /**
     * A drop: nobody can hold the placement before this moment (on the database's clock), though it takes its
     * page and its unit of stock from the start. Null: live as soon as it is placed.
     */
    dropsAt: timestamp({ withTimezone: true }),
    /** An announced drop shows its time (countdown, big screen); an unannounced one (a winning moment) shows nothing. */
    announce: boolean().notNull().default(true),
    /**
     * A drop scheduled by hand: its unit is set aside apart from automatic placement, so it never counts
     * towards the prize's "Pages at once" (maintenance_count) and top-ups never place that unit elsewhere.
     * Still counted against stock and today's budget. False for every other placement, random placement's
     * winning moments included (those are automatic placement's own).
     */
    setAside: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: "prize_placements_prize_in_event_fk",
      columns: [table.prizeId, table.eventId],
      foreignColumns: [prizes.id, prizes.eventId],
    }).onDelete("cascade"),
    foreignKey({
      name: "prize_placements_product_in_event_fk",
      columns: [table.productId, table.eventId],
      foreignColumns: [products.id, products.eventId],
    }).onDelete("cascade"),
    unique("prize_placements_id_event_unique").on(table.id, table.eventId),
    // At most one live prize per product page; two admins or two random runs racing hit this index.
    uniqueIndex("prize_placements_one_active_per_product").on(table.productId).where(sql`${table.isActive}`),
    index("prize_placements_active_by_prize_idx").on(table.prizeId).where(sql`${table.isActive}`),
    index("prize_placements_list_idx").on(
      table.isActive.desc().nullsFirst(),
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    check("prize_placements_hold_complete", sql`(${table.reservedBy} IS NULL) = (${table.reservedUntil} IS NULL)`),
    check("prize_placements_claimed_is_inactive", sql`${table.claimedAt} IS NULL OR NOT ${table.isActive}`),
  ],
);

export const placementsRelations = relations(placements, ({ one }) => ({
  prize: one(prizes, { fields: [placements.prizeId], references: [prizes.id] }),
  product: one(products, { fields: [placements.productId], references: [products.id] }),
}));

export type Placement = typeof placements.$inferSelect;
export type NewPlacement = typeof placements.$inferInsert;
