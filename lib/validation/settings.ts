import { WINS_PER_VISITOR } from "@/db/schema/settings";
import { isoDate } from "./dates";
import { z } from "./zod";

const dateOrNull = isoDate({ format: "validation.settings.dateFormat", real: "validation.settings.dateReal" }).nullable();

/** An ISO 8601 date-time with its offset (e.g. 2027-05-03T10:00:00+09:00), or null for no limit. */
const dateTimeOrNull = z
  .string({ error: "validation.settings.dateTime" })
  .trim()
  .pipe(z.iso.datetime({ offset: true, local: false, error: "validation.settings.dateTimeOffset" }))
  .refine((value) => !Number.isNaN(Date.parse(value)), "validation.settings.dateTimeReal")
  .nullable();

export const PAUSE_MESSAGE_MAX = 200;

/** PATCH /api/admin/settings/: any subset of the system settings. */
export const updateSettingsBody = z
  .object({
    maintenance_mode: z.boolean({ error: "validation.settings.trueOrFalse" }).optional(),
    event_start_date: dateOrNull.optional(),
    event_end_date: dateOrNull.optional(),
    event_starts_at: dateTimeOrNull.optional(),
    event_ends_at: dateTimeOrNull.optional(),
    paused: z.boolean({ error: "validation.settings.trueOrFalse" }).optional(),
    // Blank means none: the visitor page then shows the default pause message.
    pause_message: z
      .string({ error: "validation.settings.textOrNull" })
      .trim()
      .max(PAUSE_MESSAGE_MAX, "validation.settings.pauseMessageTooLong")
      .transform((message) => message || null)
      .nullable()
      .optional(),
    wins_per_visitor: z.enum(WINS_PER_VISITOR, { error: "validation.settings.winsPerVisitor" }).optional(),
  })
  .strict();
export type UpdateSettingsBody = z.infer<typeof updateSettingsBody>;
