import { z } from "./zod";

const nameField = z.string({ error: "validation.event.name" }).trim().min(1, "validation.event.name").max(60, "validation.event.name");

/** POST /api/admin/events/ and PATCH /api/admin/events/{id}/. */
export const eventNameBody = z.object({ name: nameField });
export type EventNameBody = z.infer<typeof eventNameBody>;

/** POST /api/admin/events/{id}/copy/: the copy's name, and whether its pages keep the source's addresses (its printed QR cards). */
export const copyEventBody = z.object({
  name: nameField,
  keep_addresses: z.boolean({ error: "validation.event.keepAddresses" }).default(false),
});
export type CopyEventBody = z.infer<typeof copyEventBody>;
