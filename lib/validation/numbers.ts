import { z } from "zod";

/**
 * Whole numbers as they arrive: a JSON number, or text of decimal digits (forms and query strings send
 * text). Nothing else is read as a number: not "0x10", "0b1", "1e3", " ", [1] or true, which
 * `z.coerce.number()` (plain `Number(value)`) would accept.
 */
const DECIMAL = /^[+-]?[0-9]{1,15}$/;

function decimalTextToNumber(value: unknown): unknown {
  if (typeof value !== "string") return value;
  const text = value.trim();
  return DECIMAL.test(text) ? Number(text) : value;
}

/** A whole number from JSON or form text, with `message` for anything that is not one. */
export const wholeNumberInput = (message: string) => z.preprocess(decimalTextToNumber, z.number({ error: message }).int(message));

/** An id: a whole number from 1 to the largest Postgres integer. */
export const idInput = (message: string) => wholeNumberInput(message).pipe(z.number().min(1, message).max(2_147_483_647, message));
