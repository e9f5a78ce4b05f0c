import { z } from "./zod";

/**
 * What the body must carry to start a new event, so it cannot be sent by accident. The organiser types
 * the phrase of their own language (admin.newEvent.phrase); the screen then sends this one.
 */
export const NEW_EVENT_PHRASE = "start a new event";

/** What the new event gets of the prizes: the same ones at full stock, or none (they stay in the closed event). */
const PRIZE_HANDLING = ["restore", "remove"] as const;
export type PrizeHandling = (typeof PRIZE_HANDLING)[number];

/**
 * POST /api/admin/event/start_new/ (server-behaviour.md, "A new event"). `archive_cutoff` was the cut-off of an
 * archive the reset once required; nothing is deleted now, so it is still accepted (a whole number or null,
 * else 400, as before) and ignored.
 */
export const startNewEventBody = z
  .object({
    prizes: z.enum(PRIZE_HANDLING, { error: "validation.newEvent.prizes" }),
    confirm: z.literal(NEW_EVENT_PHRASE, { error: "validation.newEvent.confirm" }),
    archive_cutoff: z
      .number({ error: "validation.newEvent.archiveCutoff" })
      .int({ error: "validation.newEvent.archiveCutoff" })
      .min(0, { error: "validation.newEvent.archiveCutoff" })
      .max(2_147_483_647, { error: "validation.newEvent.archiveCutoff" })
      .nullish(),
  })
  .strict();
export type StartNewEventBody = z.infer<typeof startNewEventBody>;
