import { customType, index, integer, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Normalised uploads, kept in Postgres so that every app instance serves the same file with no shared disk.
 * `sha256` names the content: URLs carry it, so a served image never changes and can be cached forever.
 * `sourceSha256` names the bytes it was made from (null for images stored before it was kept): a spreadsheet
 * import finds the pictures it already stored by it and decodes none of them again. Two rows can share one
 * (the same file uploaded by the form and by an import is encoded twice, a little differently). `data` is
 * stored uncompressed (STORAGE EXTERNAL, in drizzle/0021): WebP does not compress again.
 */
export const images = pgTable(
  "images",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    sha256: varchar({ length: 64 }).notNull().unique(),
    sourceSha256: varchar({ length: 64 }),
    contentType: text().notNull(),
    width: integer().notNull(),
    height: integer().notNull(),
    data: bytea().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("images_source_sha256_idx").on(table.sourceSha256)],
);

export type Image = typeof images.$inferSelect;
export type NewImage = typeof images.$inferInsert;
