import { sql } from "drizzle-orm";
import type { Queryable } from "@/db";
import { webhookDeliveries, webhookEndpoints } from "@/db/schema";
import type { WebhookType } from "@/shared/webhook-types";

/**
 * One message: its event's receivers get it; its `data`, with `nickname` only for receivers that asked for
 * it. Never the 4-digit code.
 */
export type WebhookMessage = { event: number; data: Record<string, unknown>; nickname?: string | null };

/**
 * Writes the outbox rows of `messages`, one per active receiver subscribed to `type`, with the caller's
 * transaction: a change that rolls back sends nothing, and nobody waits for a receiver (the delivery job
 * sends later). One INSERT … SELECT whatever the number of messages and receivers, none when nobody listens.
 */
export async function enqueueWebhooks(tx: Queryable, type: WebhookType, messages: WebhookMessage[]): Promise<void> {
  if (messages.length === 0) return;
  await tx.execute(sql`
    insert into ${webhookDeliveries} (endpoint_id, message_id, type, data)
    select e.id, 'msg_' || replace(gen_random_uuid()::text, '-', ''), ${type},
      case when e.include_nickname and m->>'nickname' is not null
        then (m->'data') || jsonb_build_object('nickname', m->'nickname') else m->'data' end
    from ${webhookEndpoints} e cross join jsonb_array_elements(${JSON.stringify(messages)}::jsonb) m
    where e.active and ${type} = any(e.types) and e.event_id = (m->>'event')::int`);
}

const iso = (at: Date | string | null | undefined) => (at == null ? null : new Date(at).toISOString());

/** A win as winner messages describe it: ids, names, times and the deadline; the nickname apart. */
export type WinFacts = {
  id: number;
  eventId: number;
  name: string | null;
  prizeId: number | null;
  prizeName: string;
  productId: number | null;
  productName: string;
  createdAt: Date | string;
  collectBy: Date | string | null;
  receivedAt?: Date | string | null;
  expiredAt?: Date | string | null;
};

export function winnerMessage(win: WinFacts): WebhookMessage {
  return {
    event: win.eventId,
    data: {
      winner_id: win.id,
      prize_id: win.prizeId,
      prize_name: win.prizeName,
      product_id: win.productId,
      product_name: win.productName,
      won_at: iso(win.createdAt),
      collect_by: iso(win.collectBy),
      ...(win.receivedAt !== undefined ? { received_at: iso(win.receivedAt) } : {}),
      ...(win.expiredAt !== undefined ? { expired_at: iso(win.expiredAt) } : {}),
    },
    nickname: win.name,
  };
}
