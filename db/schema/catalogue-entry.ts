import { type SQL, sql } from "drizzle-orm";
import { check, integer, type PgColumn, text, unique, uniqueIndex, varchar } from "drizzle-orm/pg-core";
import { eventIdColumn } from "./events";
import { images } from "./images";

/**
 * The columns a prize and a product page both carry: what a visitor reads (name, description, each in
 * English and Korean), its picture and the import key. A function, so each table gets its own builders.
 */
export function catalogueEntryColumns() {
  return {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    eventId: eventIdColumn(),
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
  };
}

/**
 * The constraints on those columns, named after the table: a name is never blank, a key is unique within its
 * event and never blank, and (id, event) is a key of its own, so rows that point at an entry can name its event
 * too and never cross into another event (placements, winners).
 */
export function catalogueEntryChecks(tableName: string, table: { id: PgColumn; eventId: PgColumn; name: PgColumn; key: PgColumn }) {
  const notBlank = (column: PgColumn): SQL => sql`btrim(${column}) <> ''`;
  return [
    check(`${tableName}_name_not_blank`, notBlank(table.name)),
    check(`${tableName}_key_not_blank`, notBlank(table.key)),
    uniqueIndex(`${tableName}_key_unique`).on(table.eventId, table.key),
    unique(`${tableName}_id_event_unique`).on(table.id, table.eventId),
  ];
}
