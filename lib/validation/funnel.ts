import { isoDate } from "./dates";
import { idInput } from "./fields";
import { z } from "./zod";

const day = isoDate({ format: "Enter the date as YYYY-MM-DD.", real: "This date does not exist." }).optional();

/** GET /api/admin/funnel/ and its Excel export: whole days in APP_TIMEZONE, both ends included; one page or all. */
export const funnelQuery = z
  .object({ start_date: day, end_date: day, product: idInput("Choose an existing product.").optional() })
  .refine((query) => !query.start_date || !query.end_date || query.start_date <= query.end_date, {
    message: "The start date must not be after the end date.",
    path: ["start_date"],
  });
export type FunnelQuery = z.infer<typeof funnelQuery>;
