import { boolean, index, integer, pgTable, timestamp, unique } from "drizzle-orm/pg-core";
import { eventIdColumn } from "./events";

/**
 * How many winners each (prize, product page, received, expired) combination has, kept exact by a trigger on
 * `winners` (drizzle/0004_winner_tallies.sql) in the same transaction as every insert, update and delete,
 * so concurrent claims from several instances add up. Counts per prize, per page and of the whole event
 * read a few hundred rows here instead of 100,000 winners. Null ids: the prize or page was deleted.
 */
export const winnerTallies = pgTable(
  "winner_tallies",
  {
    eventId: eventIdColumn(),
    prizeId: integer(),
    productId: integer(),
    isReceived: boolean().notNull(),
    // expired_at IS NOT NULL (a win not collected in time, its unit back in stock): counted apart from waiting and received.
    isExpired: boolean().notNull().default(false),
    winners: integer().notNull(),
  },
  (table) => [
    unique("winner_tallies_key").on(table.eventId, table.prizeId, table.productId, table.isReceived, table.isExpired).nullsNotDistinct(),
    index("winner_tallies_product_idx").on(table.productId),
  ],
);

/**
 * Winners per hour of winning (the UTC hour, so a change of APP_TIMEZONE leaves it right) and received
 * state, kept exact by a trigger like `winner_tallies` (drizzle/0005_search_and_hourly_tallies.sql). A date
 * filter on its own counts a day from 48 rows here, not from that day's tens of thousands of winners.
 */
export const winnerHourlyTallies = pgTable(
  "winner_hourly_tallies",
  {
    eventId: eventIdColumn(),
    hourUtc: timestamp({ withTimezone: false }).notNull(),
    isReceived: boolean().notNull(),
    winners: integer().notNull(),
  },
  (table) => [unique("winner_hourly_tallies_key").on(table.eventId, table.hourUtc, table.isReceived)],
);
