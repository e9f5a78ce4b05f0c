import { z } from "./zod";

/**
 * What the body must carry to start a new event, so a reset cannot be sent by accident. The organiser types
 * the phrase of their own language (admin.newEvent.phrase); the screen then sends this one.
 */
export const NEW_EVENT_PHRASE = "start a new event";

/** What happens to the prizes: stock back to each total (the same prizes next time), or removed altogether. */
export const PRIZE_HANDLING = ["restore", "remove"] as const;
export type PrizeHandling = (typeof PRIZE_HANDLING)[number];

/** POST /api/admin/event/start_new/ (server-behaviour.md, "A new event"). */
export const startNewEventBody = z
  .object({
    prizes: z.enum(PRIZE_HANDLING, { error: "validation.newEvent.prizes" }),
    confirm: z.literal(NEW_EVENT_PHRASE, { error: "validation.newEvent.confirm" }),
  })
  .strict();
export type StartNewEventBody = z.infer<typeof startNewEventBody>;
