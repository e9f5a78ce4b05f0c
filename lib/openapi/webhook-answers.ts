import "server-only";
import { z } from "zod";
import { WEBHOOK_TYPES } from "@/shared/webhook-types";
import { pageOf } from "./answers";

/*
 * The webhook receivers' answers and the messages they are sent, for the OpenAPI document
 * (app/api/openapi.json). The rows come straight from lib/services/webhooks/endpoints.ts's column lists;
 * the messages from lib/services/webhooks/enqueue.ts and the services that call it.
 */

const when = z.string().describe("ISO 8601 date-time");
const type = z.enum(WEBHOOK_TYPES);

export const webhookEndpoint = z.object({
  id: z.int(),
  url: z.string(),
  types: z.array(type),
  active: z.boolean(),
  include_nickname: z.boolean().describe("The winner's nickname goes in winner messages only when true"),
  created_at: when,
  updated_at: when,
});
export const webhookEndpointPage = pageOf(webhookEndpoint);
const secret = z.string().describe("whsec_ and the base64 signing key: shown once, here only");
export const webhookEndpointCreated = webhookEndpoint.extend({ secret });
export const webhookSecret = z.object({ secret });

export const webhookDelivery = z.object({
  id: z.int(),
  message_id: z.string().describe("The message's webhook-id: the same on every try and resend"),
  type: z.union([type, z.literal("webhook.test")]),
  status: z.enum(["pending", "delivered", "failed"]),
  tries: z.int(),
  last_response_code: z.int().nullable(),
  last_error: z.string().nullable(),
  created_at: when,
  last_tried_at: when.nullable(),
  delivered_at: when.nullable(),
  next_attempt_at: when,
});
export const webhookDeliveryPage = pageOf(webhookDelivery);

const win = z.object({
  winner_id: z.int(),
  prize_id: z.int().nullable(),
  prize_name: z.string(),
  product_id: z.int().nullable(),
  product_name: z.string(),
  won_at: when,
  collect_by: when.nullable().describe("The collection deadline, when the event sets one"),
  nickname: z.string().optional().describe("Only to receivers with include_nickname; the 4-digit code never"),
});

/** Each message type's `data`. */
const MESSAGE_DATA: Record<(typeof WEBHOOK_TYPES)[number], z.ZodType> = {
  "winner.created": win,
  "winner.received": win.extend({ received_at: when.nullable() }),
  "winner.expired": win.extend({ expired_at: when.nullable() }),
  "winner.erased": z
    .object({ winner_id: z.int(), prize_id: z.int().nullable(), prize_name: z.string(), erased_at: when.nullable() })
    .describe("Nothing personal"),
  "event.paused": z.object({ paused: z.literal(true), pause_message: z.string().nullable(), at: when }),
  "event.resumed": z.object({ paused: z.literal(false), pause_message: z.string().nullable(), at: when }),
  "event.closed": z.object({
    event_id: z.int(),
    name: z.string(),
    at: when,
    replaced_by: z.int().nullable().describe("The live copy that took its addresses (a go-live, start_new), else null"),
  }),
};

/** The body of each message type: `{type, timestamp, data}`, signed as Standard Webhooks says. */
export const WEBHOOK_MESSAGES: Record<string, z.ZodType> = Object.fromEntries(
  WEBHOOK_TYPES.map((name) => [name, z.object({ type: z.literal(name), timestamp: when, data: MESSAGE_DATA[name] })]),
);
