import { relations, sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { images } from "./images";

/** A product page: visitors reach it at /p/{url_path} by scanning the QR code on the stand. */
export const products = pgTable(
  "products",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: varchar({ length: 200 }).notNull(),
    description: text().notNull().default(""),
    // The name and description in English and in Korean, each optional: a visitor reads their
    // language's, else `name` / `description` (shared/i18n/localized.ts). The spec's `name` is unchanged.
    nameEn: varchar({ length: 200 }),
    nameKo: varchar({ length: 200 }),
    descriptionEn: text(),
    descriptionKo: text(),
    imageId: integer().references(() => images.id, { onDelete: "set null" }),
    // The organiser's own name for the row in a spreadsheet import (lib/services/import): a re-import matches
    // rows by it, so the same file twice changes nothing. Unique within the event; null for rows made by hand.
    key: varchar({ length: 100 }),
    // Random and unguessable, so visitors cannot walk product pages without scanning (lib/url-path.ts).
    urlPath: varchar({ length: 32 }).notNull().unique(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("products_name_not_blank", sql`btrim(${table.name}) <> ''`),
    check("products_key_not_blank", sql`btrim(${table.key}) <> ''`),
    uniqueIndex("products_key_unique").on(table.key),
    check("products_url_path_shape", sql`${table.urlPath} ~ '^[a-zA-Z0-9]{8,32}$'`),
    index("products_created_at_idx").on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
  ],
);

export const productsRelations = relations(products, ({ one }) => ({
  image: one(images, { fields: [products.imageId], references: [images.id] }),
}));

export type Product = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;
