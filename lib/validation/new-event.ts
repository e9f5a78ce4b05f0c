import { z } from "./zod";

/**
 * What the body must carry to start a new event, so a reset cannot be sent by accident. The organiser types
 * the phrase of their own language (admin.newEvent.phrase); the screen then sends this one.
 */
export const NEW_EVENT_PHRASE = "start a new event";

/** What happens to the prizes: stock back to each total (the same prizes next time), or removed altogether. */
const PRIZE_HANDLING = ["restore", "remove"] as const;
export type PrizeHandling = (typeof PRIZE_HANDLING)[number];

/**
 * POST /api/admin/event/start_new/ (server-behaviour.md, "A new event"). `archive_cutoff` is the cut-off of
 * the archive the owner downloaded (its `X-Archive-Cutoff`, event.json's `cutoff.last_winner_id`); absent or
 * null means none was taken. The reset is refused (409) while any win is newer than it.
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
