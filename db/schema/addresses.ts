import { integer, pgTable, varchar } from "drizzle-orm/pg-core";
import { products } from "./products";

/**
 * Which product page answers a scan of `/p/{url_path}`: one row per address, so a scan costs one indexed
 * read whatever the number of events. A copy that keeps its source's addresses shares them; the page that
 * answers is a live event's when one holds the address (at most one may: checked when an event goes live),
 * else the latest page made with it. Kept by triggers on products and events (drizzle/0023_events.sql).
 */
export const addresses = pgTable("addresses", {
  urlPath: varchar({ length: 32 }).primaryKey(),
  productId: integer()
    .notNull()
    .unique()
    .references(() => products.id, { onDelete: "cascade" }),
});
