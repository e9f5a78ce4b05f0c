import { idInput } from "./fields";
import { z } from "./zod";

const nameField = z.string({ error: "validation.event.name" }).trim().min(1, "validation.event.name").max(60, "validation.event.name");

// Strict: a name is almost any text, so a body carrying any other field is refused (400 naming it) rather than
// taken for a name alone.

/** POST /api/admin/events/ and PATCH /api/admin/events/{id}/. */
export const eventNameBody = z.object({ name: nameField }).strict();
export type EventNameBody = z.infer<typeof eventNameBody>;

/** POST /api/admin/events/{id}/copy/: the copy's name, and whether its pages keep the source's addresses (its printed QR cards). */
export const copyEventBody = z
  .object({
    name: nameField,
    keep_addresses: z.boolean({ error: "validation.event.keepAddresses" }).default(false),
  })
  .strict();
export type CopyEventBody = z.infer<typeof copyEventBody>;

/** PUT /api/admin/selected-event/: the event this account's calls act on when they name none. */
export const selectEventBody = z.object({ event: idInput("validation.event.id") }).strict();
export type SelectEventBody = z.infer<typeof selectEventBody>;

/** The events screen's form (create, rename, copy): the name, and for a copy whether it keeps the addresses. */
export const eventForm = z.object({ name: nameField, keep_addresses: z.boolean() });
export type EventForm = z.infer<typeof eventForm>;
