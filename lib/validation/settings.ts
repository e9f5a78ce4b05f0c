import { WINS_PER_VISITOR } from "@/db/schema/settings";
import { isoDate } from "./dates";
import { z } from "./zod";

const dateOrNull = isoDate({ format: "Enter a date as YYYY-MM-DD.", real: "Enter a real date." }).nullable();

/** An ISO 8601 date-time with its offset (e.g. 2027-05-03T10:00:00+09:00), or null for no limit. */
const dateTimeOrNull = z
  .string({ error: "Enter a date and time such as 2027-05-03T10:00:00+09:00, or null." })
  .trim()
  .pipe(z.iso.datetime({ offset: true, local: false, error: "Enter a date and time with its offset, such as 2027-05-03T10:00:00+09:00." }))
  .refine((value) => !Number.isNaN(Date.parse(value)), "Enter a real date and time.")
  .nullable();

export const PAUSE_MESSAGE_MAX = 200;

/** PATCH /api/admin/settings/: any subset of the system settings. */
export const updateSettingsBody = z
  .object({
    maintenance_mode: z.boolean({ error: "Must be true or false." }).optional(),
    event_start_date: dateOrNull.optional(),
    event_end_date: dateOrNull.optional(),
    event_starts_at: dateTimeOrNull.optional(),
    event_ends_at: dateTimeOrNull.optional(),
    paused: z.boolean({ error: "Must be true or false." }).optional(),
    // Blank means none: the visitor page then shows the default pause message.
    pause_message: z
      .string({ error: "Must be text, or null." })
      .trim()
      .max(PAUSE_MESSAGE_MAX, `Keep it to ${PAUSE_MESSAGE_MAX} characters or fewer.`)
      .transform((message) => message || null)
      .nullable()
      .optional(),
    wins_per_visitor: z.enum(WINS_PER_VISITOR, { error: `Choose one of: ${WINS_PER_VISITOR.join(", ")}.` }).optional(),
  })
  .strict();
export type UpdateSettingsBody = z.infer<typeof updateSettingsBody>;
