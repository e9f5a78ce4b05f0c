import { relations, sql } from "drizzle-orm";
import { check, index, pgTable, timestamp, unique, varchar } from "drizzle-orm/pg-core";
import { catalogueEntryChecks, catalogueEntryColumns } from "./catalogue-entry";
import { images } from "./images";

/** A product page: visitors reach it at /p/{url_path} by scanning the QR code on the stand. */
export const products = pgTable(
  "products",
  {
    ...catalogueEntryColumns(),
    // Random and unguessable, so visitors cannot walk product pages without scanning (lib/url-path.ts).
    // Unique within the event; a copy that keeps the addresses shares them with its source (`addresses` says which page answers).
    urlPath: varchar({ length: 32 }).notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    ...catalogueEntryChecks("products", table),
    unique("products_event_url_path_unique").on(table.eventId, table.urlPath),
    check("products_url_path_shape", sql`${table.urlPath} ~ '^[a-zA-Z0-9]{8,32}$'`),
    // The address triggers (drizzle/0023) look a path up across every event: without it, each page inserted or
    // readdressed read the whole table (an import of 1,000 pages, 1,000 scans).
    index("products_url_path_idx").on(table.urlPath),
    index("products_created_at_idx").on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
  ],
);

export const productsRelations = relations(products, ({ one }) => ({
  image: one(images, { fields: [products.imageId], references: [images.id] }),
}));

export type Product = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;
