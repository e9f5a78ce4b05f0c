import { isoDate } from "./dates";
import { idInput } from "./fields";
import { z } from "./zod";

const day = isoDate({ format: "validation.dates.format", real: "validation.dates.real" }).optional();

/** GET /api/admin/funnel/ and its Excel export: whole days in APP_TIMEZONE, both ends included; one page or all. */
export const funnelQuery = z
  .object({ start_date: day, end_date: day, product: idInput("validation.funnel.product").optional() })
  .refine((query) => !query.start_date || !query.end_date || query.start_date <= query.end_date, {
    message: "validation.dates.startAfterEnd",
    path: ["start_date"],
  });
