import { sql } from "drizzle-orm";
import { bigint, boolean, check, index, integer, jsonb, pgTable, text, timestamp, varchar } from "drizzle-orm/pg-core";
import { eventIdColumn } from "./events";

/**
 * Receivers of signed event messages (server-behaviour.md, "Webhooks"). The secret is shown once, when
 * made or rolled, and never read back by the API.
 */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    eventId: eventIdColumn(),
    url: text().notNull(),
    /** Message types this receiver gets, e.g. `{winner.created,event.paused}`. */
    types: text().array().notNull(),
    active: boolean().notNull().default(true),
    /** Whether winner messages carry the nickname; the 4-digit code is never sent. */
    includeNickname: boolean().notNull().default(false),
    /** `whsec_` + base64 of 24 random bytes (Standard Webhooks). */
    secret: text().notNull(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check("webhook_endpoints_url_http", sql`${table.url} ~ '^https?://'`)],
);

/**
 * The outbox: one row per message per receiver, written in the transaction of the change it reports, so a
 * rolled-back change sends nothing. The delivery job (lib/services/webhooks/deliver.ts) leases due rows by
 * moving `next_attempt_at` forward, posts outside any transaction, then records the result.
 */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    endpointId: integer()
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    /** `msg_…`: the `webhook-id` header, the same on every try so a receiver can drop repeats. */
    messageId: varchar({ length: 64 }).notNull(),
    type: varchar({ length: 32 }).notNull(),
    /** The message's `data`, as it will be sent (the nickname already in or out per the receiver). */
    data: jsonb().notNull(),
    /** pending (due at next_attempt_at), delivered, failed (gave up 24 h after creation). */
    status: varchar({ length: 16 }).notNull().default("pending"),
    tries: integer().notNull().default(0),
    lastResponseCode: integer(),
    lastError: text(),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    lastTriedAt: timestamp({ withTimezone: true }),
    deliveredAt: timestamp({ withTimezone: true }),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check("webhook_deliveries_status", sql`${table.status} in ('pending', 'delivered', 'failed')`),
    // The job's question, "what is due?", reads only pending rows.
    index("webhook_deliveries_due_idx").on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
    index("webhook_deliveries_endpoint_idx").on(table.endpointId, table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst()),
  ],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
