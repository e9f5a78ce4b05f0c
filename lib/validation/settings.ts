import { z } from "zod";

const dateOrNull = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter a date as YYYY-MM-DD.")
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), "Enter a real date.")
  .nullable();

/** PATCH /api/admin/settings/: any subset of the system settings. */
export const updateSettingsBody = z
  .object({
    maintenance_mode: z.boolean({ error: "Must be true or false." }).optional(),
    event_start_date: dateOrNull.optional(),
    event_end_date: dateOrNull.optional(),
  })
  .strict();
export type UpdateSettingsBody = z.infer<typeof updateSettingsBody>;
