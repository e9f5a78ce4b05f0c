/** The message types a receiver may subscribe to (server-behaviour.md, "Webhooks"); shared, as the admin screen offers them too. */
export const WEBHOOK_TYPES = [
  "winner.created",
  "winner.received",
  "winner.expired",
  "winner.erased",
  "event.paused",
  "event.resumed",
  "event.closed",
] as const;
export type WebhookType = (typeof WEBHOOK_TYPES)[number];

/** Sent only by "send a test message", whatever the receiver subscribes to. */
export const TEST_MESSAGE_TYPE = "webhook.test";
