import { WEBHOOK_TYPES } from "@/shared/webhook-types";
import { z } from "./zod";

const MAX_URL_LENGTH = 2000;

const urlField = z
  .string({ error: "validation.webhook.url" })
  .trim()
  .max(MAX_URL_LENGTH, "validation.webhook.url")
  .refine((value) => {
    if (!URL.canParse(value)) return false;
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "" && url.username === "" && url.password === "";
  }, "validation.webhook.url");

const typesField = z
  .array(z.enum(WEBHOOK_TYPES, { error: "validation.webhook.types" }), { error: "validation.webhook.types" })
  .min(1, "validation.webhook.types")
  .max(WEBHOOK_TYPES.length * 2, "validation.webhook.types")
  .transform((types) => [...new Set(types)]);

const flag = z.boolean({ error: "validation.webhook.trueOrFalse" });

/** POST /api/admin/webhooks/. */
export const createWebhookBody = z.object({
  url: urlField,
  types: typesField,
  active: flag.default(true),
  include_nickname: flag.default(false),
});
export type CreateWebhookBody = z.infer<typeof createWebhookBody>;

/** PATCH /api/admin/webhooks/{id}/: any of the fields, at least one. */
export const updateWebhookBody = z
  .object({ url: urlField.optional(), types: typesField.optional(), active: flag.optional(), include_nickname: flag.optional() })
  .refine((body) => Object.values(body).some((value) => value !== undefined), "validation.webhook.nothingToChange");
export type UpdateWebhookBody = z.infer<typeof updateWebhookBody>;

/** The add and edit forms (zodResolver): every field as the form holds it; the routes check the bodies above. */
export const webhookForm = z.object({
  url: urlField,
  types: z.array(z.enum(WEBHOOK_TYPES), { error: "validation.webhook.chooseType" }).min(1, "validation.webhook.chooseType"),
  active: z.boolean(),
  include_nickname: z.boolean(),
});
export type WebhookForm = z.infer<typeof webhookForm>;
