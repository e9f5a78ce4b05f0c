import { relations, sql } from "drizzle-orm";
import { boolean, char, check, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { eventIdColumn } from "./events";
import { placements } from "./placements";
import { prizes } from "./prizes";
import { products } from "./products";

/**
 * Who won what. Winners outlive the prize, product and placement they came from: the links are set to
 * NULL on delete and the name snapshots keep the record readable at the prize desk.
 */
export const winners = pgTable(
  "winners",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    // Its prize, page and placement are in this event too (composite keys written by hand in drizzle/0023_events.sql:
    // a deleted prize sets only prize_id to null, which drizzle cannot say).
    eventId: eventIdColumn(),
    // Null once erased (server-behaviour.md, "Privacy"): `erased_at` is then the marker, and the code is gone too.
    name: varchar({ length: 64 }),
    password: char({ length: 4 }),
    prizeId: integer().references(() => prizes.id, { onDelete: "set null" }),
    productId: integer().references(() => products.id, { onDelete: "set null" }),
    placementId: integer().references(() => placements.id, { onDelete: "set null" }),
    prizeName: text().notNull(),
    productName: text().notNull(),
    isReceived: boolean().notNull().default(false),
    receivedAt: timestamp({ withTimezone: true }),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    // The signed visitor cookie's id, for the win limit. Never shown to anyone, never exported.
    visitorId: text(),
    // The collection deadline (server-behaviour.md, "Collecting a prize: the deadline"): set when the win is
    // made (won_at + the window then set; null = none), moved only by cancel_received and reinstate.
    collectBy: timestamp({ withTimezone: true }),
    // When a waiting win passed its deadline and its unit went back to stock; null again once reinstated.
    expiredAt: timestamp({ withTimezone: true }),
    // Consent, as the law asks it be kept: when the visitor ticked the notice's box, and which version of the notice it was.
    consentedAt: timestamp({ withTimezone: true }),
    consentNoticeVersion: timestamp({ withTimezone: true }),
    // When the nickname, code and visitor id were erased (on request or by the retention sweep); null: not yet.
    erasedAt: timestamp({ withTimezone: true }),
  },
  (table) => [
    check("winners_password_four_digits", sql`${table.password} ~ '^[0-9]{4}$'`),
    check("winners_name_not_blank", sql`btrim(${table.name}) <> ''`),
    // Erased or not, never half: a row has its nickname and code exactly while it is not erased.
    check("winners_erased_has_no_data", sql`(${table.erasedAt} IS NULL) = (${table.name} IS NOT NULL AND ${table.password} IS NOT NULL)`),
    check("winners_received_at_matches_flag", sql`${table.isReceived} = (${table.receivedAt} IS NOT NULL)`),
    // A win is waiting, received or expired: never received and expired at once.
    check("winners_received_or_expired", sql`NOT (${table.isReceived} AND ${table.expiredAt} IS NOT NULL)`),
    // A placement is won at most once: the last guard against handing one unit out twice.
    uniqueIndex("winners_one_per_placement").on(table.placementId),
    // Every list orders by (created_at DESC, id DESC), Postgres's default NULLS FIRST for DESC: the indexes
    // say the same, or the planner cannot use them for the sort and reads the whole table. The admin's lists
    // are one event's: their indexes lead with it, else an older event's first page is read past every newer
    // event's winners (80,000 rows of 100,000 over 5 events). A prize or page is in one event already.
    index("winners_created_at_idx").on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index("winners_event_created_at_idx").on(table.eventId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index("winners_prize_idx").on(table.prizeId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index("winners_product_idx").on(table.productId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
    index("winners_event_received_idx").on(
      table.eventId,
      table.isReceived,
      table.createdAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // The search box: `ILIKE '%term%'` over nickname and password uses these trigram indexes (pg_trgm)
    // instead of reading every winner; terms under three characters still scan.
    index("winners_name_trgm_idx").using("gin", table.name.op("gin_trgm_ops")),
    index("winners_password_trgm_idx").using("gin", sql`(${table.password}::text) gin_trgm_ops`),
    // The win limit: this visitor's wins (today's, or any).
    index("winners_visitor_idx").on(table.visitorId, table.eventId, table.createdAt).where(sql`${table.visitorId} IS NOT NULL`),
    // The expiry sweep: the waiting wins with a deadline, soonest first (few rows: received and expired leave it).
    index("winners_collect_by_due_idx")
      .on(table.collectBy)
      .where(sql`NOT ${table.isReceived} AND ${table.expiredAt} IS NULL AND ${table.collectBy} IS NOT NULL`),
    // The retention sweep: the rows not erased yet.
    index("winners_not_erased_idx").on(table.createdAt).where(sql`${table.erasedAt} IS NULL`),
    // The dashboard's recent hand-overs, in its event.
    index("winners_event_received_at_idx")
      .on(table.eventId, table.receivedAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.receivedAt} IS NOT NULL`),
  ],
);

export const winnersRelations = relations(winners, ({ one }) => ({
  prize: one(prizes, { fields: [winners.prizeId], references: [prizes.id] }),
  product: one(products, { fields: [winners.productId], references: [products.id] }),
  placement: one(placements, { fields: [winners.placementId], references: [placements.id] }),
}));

export type Winner = typeof winners.$inferSelect;
export type NewWinner = typeof winners.$inferInsert;
