import { index, integer, pgTable, timestamp, unique } from "drizzle-orm/pg-core";
import { products } from "./products";

/**
 * The scan-to-win funnel per product page and clock hour in APP_TIMEZONE (`hour_start`: the instant that
 * hour began, so a zone half an hour off UTC still gets its own clock hours). Each instance counts in memory and adds its counts here in one statement
 * every few seconds (lib/funnel/counter.ts); wins are not here, they are counted from `winners`.
 * A deleted page takes its counts with it.
 */
export const funnelHourlyTallies = pgTable(
  "funnel_hourly_tallies",
  {
    hourStart: timestamp({ withTimezone: true }).notNull(),
    productId: integer()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    scans: integer().notNull().default(0),
    taps: integer().notNull().default(0),
    holds: integer().notNull().default(0),
    handedOver: integer().notNull().default(0),
  },
  (table) => [
    unique("funnel_hourly_tallies_key").on(table.hourStart, table.productId),
    index("funnel_hourly_tallies_product_idx").on(table.productId),
  ],
);
