import { isRealDate } from "@/shared/plain-checks.mjs";
import { z } from "./zod";

export { isRealDate };

/** A calendar date as YYYY-MM-DD, checked to exist. */
export const isoDate = (messages: { format: string; real: string }) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, messages.format)
    .refine(isRealDate, messages.real);
