import { z } from "./zod";

/** What the organiser types, and the body must carry, to start a new event: a reset cannot be sent by accident. */
export const NEW_EVENT_PHRASE = "start a new event";

/** What happens to the prizes: stock back to each total (the same prizes next time), or removed altogether. */
export const PRIZE_HANDLING = ["restore", "remove"] as const;
export type PrizeHandling = (typeof PRIZE_HANDLING)[number];

/** POST /api/admin/event/start_new/ (server-behaviour.md, "A new event"). */
export const startNewEventBody = z
  .object({
    prizes: z.enum(PRIZE_HANDLING, { error: `Choose one of: ${PRIZE_HANDLING.join(", ")}.` }),
    confirm: z.literal(NEW_EVENT_PHRASE, { error: `Type "${NEW_EVENT_PHRASE}" to confirm.` }),
  })
  .strict();
export type StartNewEventBody = z.infer<typeof startNewEventBody>;
