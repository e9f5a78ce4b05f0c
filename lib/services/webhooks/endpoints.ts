import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { getConfig } from "@/lib/config";
import { notFound, ValidationError } from "@/lib/errors";
import type { CreateWebhookBody, UpdateWebhookBody } from "@/lib/validation/webhook";
import { checkedAddresses, RefusedReceiver } from "@/lib/webhooks/address-check";
import { newWebhookSecret } from "@/lib/webhooks/signing";
import { text } from "@/shared/i18n/text";
import { TEST_MESSAGE_TYPE } from "@/shared/webhook-types";
import { diffChanges, recordAudit } from "../audit/record";
import type { ServiceContext } from "../context";
import { retryingTransaction } from "../transaction";

export const WEBHOOK_NOT_FOUND = text("errors.webhooks.notFound");
export const DELIVERY_NOT_FOUND = text("errors.webhooks.deliveryNotFound");

/** An endpoint as the API shows it: never its secret. */
const endpointColumns = {
  id: webhookEndpoints.id,
  url: webhookEndpoints.url,
  types: webhookEndpoints.types,
  active: webhookEndpoints.active,
  include_nickname: webhookEndpoints.includeNickname,
  created_at: webhookEndpoints.createdAt,
  updated_at: webhookEndpoints.updatedAt,
};
export type WebhookEndpoint = { [K in keyof typeof endpointColumns]: (typeof endpointColumns)[K]["_"]["data"] };

const AUDITED = ["url", "types", "active", "include_nickname"] as const;
const auditTarget = (endpoint: { id: number; url: string }) => ({ type: "webhook", id: endpoint.id, name: endpoint.url });

/**
 * A receiver's URL must not point into the server's own network (lib/webhooks/address-check.ts): a literal
 * address, or every address the name resolves to now, is checked. Sending checks again, on the address used.
 */
async function assertReceiverAllowed(url: string): Promise<void> {
  try {
    await checkedAddresses(new URL(url).hostname, getConfig().webhooks.allowPrivate);
  } catch (error) {
    const reason = error instanceof RefusedReceiver ? error.message : `${new URL(url).hostname} does not resolve`;
    throw ValidationError.field("url", text("validation.webhook.refusedAddress", { reason }));
  }
}

/** The event's receivers; another event's are never listed, and their ids answer 404 here. */
export async function listEndpoints(db: Db, eventId: number): Promise<WebhookEndpoint[]> {
  return db.select(endpointColumns).from(webhookEndpoints).where(eq(webhookEndpoints.eventId, eventId)).orderBy(webhookEndpoints.id);
}

/** Receiver `id` of event `eventId` (as a condition). */
const endpointOf = (eventId: number, id: number) => and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.eventId, eventId));

export async function getEndpoint(db: Db, eventId: number, id: number): Promise<WebhookEndpoint> {
  const [row] = await db.select(endpointColumns).from(webhookEndpoints).where(endpointOf(eventId, id));
  if (!row) throw notFound(WEBHOOK_NOT_FOUND);
  return row;
}

/** Creates a receiver; its secret is in this answer only. */
export async function createEndpoint({ ctx, input }: { ctx: ServiceContext; input: CreateWebhookBody }) {
  await assertReceiverAllowed(input.url);
  const secret = newWebhookSecret();
  return retryingTransaction(ctx.db, async (tx) => {
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        eventId: ctx.eventId,
        url: input.url,
        types: input.types,
        active: input.active,
        includeNickname: input.include_nickname,
        secret,
      })
      .returning(endpointColumns);
    if (!row) throw new Error("The insert returned no row.");
    await recordAudit(tx, ctx, { action: "webhook.create", target: auditTarget(row), changes: diffChanges(null, row, AUDITED) });
    return { ...row, secret };
  });
}

export async function updateEndpoint({ ctx, input }: { ctx: ServiceContext; input: UpdateWebhookBody & { id: number } }) {
  if (input.url !== undefined) await assertReceiverAllowed(input.url);
  return retryingTransaction(ctx.db, async (tx) => {
    const [before] = await tx.select(endpointColumns).from(webhookEndpoints).where(endpointOf(ctx.eventId, input.id)).for("update");
    if (!before) throw notFound(WEBHOOK_NOT_FOUND);
    const [after] = await tx
      .update(webhookEndpoints)
      .set({
        url: input.url ?? before.url,
        types: input.types ?? before.types,
        active: input.active ?? before.active,
        includeNickname: input.include_nickname ?? before.include_nickname,
        updatedAt: sql`now()`,
      })
      .where(endpointOf(ctx.eventId, input.id))
      .returning(endpointColumns);
    if (!after) throw notFound(WEBHOOK_NOT_FOUND);
    const changes = diffChanges(before, after, AUDITED);
    if (Object.keys(changes).length > 0) await recordAudit(tx, ctx, { action: "webhook.update", target: auditTarget(after), changes });
    return after;
  });
}

/** Deletes a receiver and its delivery history; messages not yet sent to it are dropped. */
export async function deleteEndpoint({ ctx, input }: { ctx: ServiceContext; input: { id: number } }): Promise<void> {
  await retryingTransaction(ctx.db, async (tx) => {
    const [row] = await tx.delete(webhookEndpoints).where(endpointOf(ctx.eventId, input.id)).returning(endpointColumns);
    if (!row) throw notFound(WEBHOOK_NOT_FOUND);
    await recordAudit(tx, ctx, { action: "webhook.delete", target: auditTarget(row), changes: diffChanges(row, null, AUDITED) });
  });
}

/** A new secret, answered once; the old one stops signing at once (messages still to send are signed with the new). */
export async function rollSecret({ ctx, input }: { ctx: ServiceContext; input: { id: number } }): Promise<{ secret: string }> {
  const secret = newWebhookSecret();
  await retryingTransaction(ctx.db, async (tx) => {
    const [row] = await tx
      .update(webhookEndpoints)
      .set({ secret, updatedAt: sql`now()` })
      .where(endpointOf(ctx.eventId, input.id))
      .returning({ id: webhookEndpoints.id, url: webhookEndpoints.url });
    if (!row) throw notFound(WEBHOOK_NOT_FOUND);
    // The secret itself stays out of the log.
    await recordAudit(tx, ctx, { action: "webhook.roll_secret", target: auditTarget(row) });
  });
  return { secret };
}

const deliveryColumns = {
  id: webhookDeliveries.id,
  message_id: webhookDeliveries.messageId,
  type: webhookDeliveries.type,
  status: webhookDeliveries.status,
  tries: webhookDeliveries.tries,
  last_response_code: webhookDeliveries.lastResponseCode,
  last_error: webhookDeliveries.lastError,
  created_at: webhookDeliveries.createdAt,
  last_tried_at: webhookDeliveries.lastTriedAt,
  delivered_at: webhookDeliveries.deliveredAt,
  next_attempt_at: webhookDeliveries.nextAttemptAt,
};

/** One receiver's deliveries, newest first, one page. */
export async function listDeliveries(db: Db, eventId: number, endpointId: number, window: { limit: number; offset: number }) {
  await getEndpoint(db, eventId, endpointId);
  const where = eq(webhookDeliveries.endpointId, endpointId);
  const [rows, [total]] = await Promise.all([
    db
      .select(deliveryColumns)
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(window.limit)
      .offset(window.offset),
    db.select({ count: count() }).from(webhookDeliveries).where(where),
  ]);
  return { count: total?.count ?? 0, results: rows };
}

/** A `webhook.test` message to this receiver, sent by the next delivery beat like any other. */
export async function sendTestMessage({ ctx, input }: { ctx: ServiceContext; input: { id: number } }) {
  return retryingTransaction(ctx.db, async (tx) => {
    const [endpoint] = await tx
      .select({ id: webhookEndpoints.id, url: webhookEndpoints.url })
      .from(webhookEndpoints)
      .where(endpointOf(ctx.eventId, input.id));
    if (!endpoint) throw notFound(WEBHOOK_NOT_FOUND);
    const [row] = await tx
      .insert(webhookDeliveries)
      .values({
        endpointId: endpoint.id,
        messageId: sql`'msg_' || replace(gen_random_uuid()::text, '-', '')`,
        type: TEST_MESSAGE_TYPE,
        data: { endpoint_id: endpoint.id, sent_by: ctx.admin?.name ?? null },
      })
      .returning(deliveryColumns);
    await recordAudit(tx, ctx, { action: "webhook.test", target: auditTarget(endpoint) });
    return row;
  });
}

/** Sends a delivery again, due now, with the same message id (a receiver can tell a repeat); past its 24 h, one try. */
export async function resendDelivery({ ctx, input }: { ctx: ServiceContext; input: { id: number } }) {
  return retryingTransaction(ctx.db, async (tx) => {
    const [row] = await tx
      .update(webhookDeliveries)
      .set({ status: "pending", nextAttemptAt: sql`now()`, deliveredAt: null })
      .where(
        and(
          eq(webhookDeliveries.id, input.id),
          // Only a delivery to one of this event's receivers: another event's answers 404.
          sql`${webhookDeliveries.endpointId} in (select id from webhook_endpoints where event_id = ${ctx.eventId})`,
        ),
      )
      .returning({ ...deliveryColumns, endpointId: webhookDeliveries.endpointId });
    if (!row) throw notFound(DELIVERY_NOT_FOUND);
    const [endpoint] = await tx
      .select({ id: webhookEndpoints.id, url: webhookEndpoints.url })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.id, row.endpointId));
    if (endpoint)
      await recordAudit(tx, ctx, {
        action: "webhook.resend",
        target: auditTarget(endpoint),
        changes: { delivery: { before: row.message_id, after: "pending" } },
      });
    const { endpointId: _, ...delivery } = row;
    return delivery;
  });
}
