/** Every call the webhooks screen makes, on top of `apiFetch` (see lib/client/products.ts for the shape). */

import type { CreateWebhookBody, UpdateWebhookBody } from "@/lib/validation/webhook";
import type { Page } from "@/shared/contracts/page";
import type { CreatedWebhook, WebhookDeliveryRow, WebhookRow } from "@/shared/contracts/webhooks";
import { adminList } from "./admin-list";
import { apiFetch, fetchListPage, type ListParams } from "./api";

export const webhooksApi = {
  // The answer to create carries the signing secret: the only time the server ever shows it.
  ...adminList<WebhookRow, CreateWebhookBody, UpdateWebhookBody, CreatedWebhook>("webhooks"),
  remove(id: number): Promise<void> {
    return apiFetch(`/api/admin/webhooks/${id}/`, { method: "DELETE" });
  },
  /** A new secret, shown this once; the old one signs nothing from now on. */
  rollSecret(id: number): Promise<{ secret: string }> {
    return apiFetch(`/api/admin/webhooks/${id}/roll_secret/`, { method: "POST" });
  },
  /** Queues a `webhook.test` message; the delivery job sends it within a second or so. */
  sendTest(id: number): Promise<WebhookDeliveryRow> {
    return apiFetch(`/api/admin/webhooks/${id}/test/`, { method: "POST" });
  },
  deliveriesKey: (id: number) => ["webhooks", "deliveries", id] as const,
  deliveries(id: number, params: ListParams, signal?: AbortSignal): Promise<Page<WebhookDeliveryRow>> {
    return fetchListPage(`/api/admin/webhooks/${id}/deliveries/`, params, signal);
  },
  /** Makes one delivery due again, with the same message id. */
  resend(deliveryId: number): Promise<WebhookDeliveryRow> {
    return apiFetch(`/api/admin/webhooks/deliveries/${deliveryId}/resend/`, { method: "POST" });
  },
};
