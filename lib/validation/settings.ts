import { isoDate } from "./dates";
import { z } from "./zod";

const dateOrNull = isoDate({ format: "Enter a date as YYYY-MM-DD.", real: "Enter a real date." }).nullable();

/** PATCH /api/admin/settings/: any subset of the system settings. */
export const updateSettingsBody = z
  .object({
    maintenance_mode: z.boolean({ error: "Must be true or false." }).optional(),
    event_start_date: dateOrNull.optional(),
    event_end_date: dateOrNull.optional(),
  })
  .strict();
export type UpdateSettingsBody = z.infer<typeof updateSettingsBody>;
