import { z } from "./zod";

/** True for a real calendar date written YYYY-MM-DD (Date.parse would accept 2026-02-30 as 2 March). */
export function isRealDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A calendar date as YYYY-MM-DD, checked to exist. */
export const isoDate = (messages: { format: string; real: string }) =>
  z
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/, messages.format)
    .refine(isRealDate, messages.real);
