import { customType, integer, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Normalised uploads, kept in Postgres so that every app instance serves the same file with no shared disk.
 * `sha256` names the content: URLs carry it, so a served image never changes and can be cached forever.
 */
export const images = pgTable("images", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  sha256: varchar({ length: 64 }).notNull().unique(),
  contentType: text().notNull(),
  width: integer().notNull(),
  height: integer().notNull(),
  data: bytea().notNull(),
  createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

export type Image = typeof images.$inferSelect;
export type NewImage = typeof images.$inferInsert;
