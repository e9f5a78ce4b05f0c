import type { WebhookType } from "@/shared/webhook-types";

/** A webhook receiver as GET /api/admin/webhooks/ lists it: never its secret. */
export type WebhookRow = {
  id: number;
  url: string;
  types: WebhookType[];
  active: boolean;
  include_nickname: boolean;
  created_at: string;
  updated_at: string;
};

/** The answer to a create: the receiver and its signing secret, shown this once. */
export type CreatedWebhook = WebhookRow & { secret: string };

/** One message to one receiver, as GET /api/admin/webhooks/{id}/deliveries/ lists it. */
export type WebhookDeliveryRow = {
  id: number;
  message_id: string;
  type: WebhookType | "webhook.test";
  status: "pending" | "delivered" | "failed";
  tries: number;
  last_response_code: number | null;
  last_error: string | null;
  created_at: string;
  last_tried_at: string | null;
  delivered_at: string | null;
  next_attempt_at: string;
};
