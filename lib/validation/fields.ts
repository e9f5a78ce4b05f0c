import { decimalTextToNumber } from "@/shared/plain-checks.mjs";
import { z } from "./zod";

/**
 * Building blocks every schema shares (products, prizes, placements, winners), so one kind of input is
 * read and refused one way, with one message.
 */

/** The largest id Postgres `integer` holds: anything above names no row. */
export const MAX_ID = 2_147_483_647;

/** A whole number from JSON or form text, with `message` (a message key) for anything that is not one. */
export const wholeNumberInput = (message: string) => z.preprocess(decimalTextToNumber, z.number({ error: message }).int(message));

/** An id: a whole number from 1 to the largest Postgres integer. */
export const idInput = (message: string) => wholeNumberInput(message).pipe(z.number().min(1, message).max(MAX_ID, message));

/** A whole number from 1 (page numbers, page sizes), decimal text or number. */
export const positiveInt = (message: string) => wholeNumberInput(message).pipe(z.number().min(1, message));

/**
 * A true/false value as JSON (`true`), query text or a form field ("true"/"false", "1"/"0", a checkbox's
 * "on"; "" is false). Add `.optional()` or `.default()` per use; see `absentMeansFalse`.
 */
export const formBoolean = z
  .union([z.boolean(), z.enum(["true", "false", "on", "1", "0", ""])], { error: "validation.fields.boolean" })
  .transform((value) => value === true || value === "true" || value === "on" || value === "1");

/** A flag that is false unless sent: a query flag (`?force=true`) or an unticked checkbox, which is absent. */
export const absentMeansFalse = formBoolean.optional().transform((value) => value ?? false);

type FileLike = { name: string; size: number; type: string; arrayBuffer(): Promise<ArrayBuffer> };

function isFileLike(value: unknown): value is FileLike {
  return typeof value === "object" && value !== null && "arrayBuffer" in value && "size" in value && "name" in value;
}

/**
 * A multipart image field: a file, or nothing. An empty file input (no name, no bytes) and an empty string
 * (a client removing the image sends one) both mean "no new image". Its bytes are checked later
 * (`lib/images/upload.ts`): this only makes sure it is one file.
 */
export const imageFile = z
  .unknown()
  .transform((value, context): File | undefined => {
    if (value === undefined || value === "") return undefined;
    if (Array.isArray(value)) {
      context.addIssue({ code: "custom", message: "validation.fields.oneImage" });
      return z.NEVER;
    }
    if (!isFileLike(value)) {
      context.addIssue({ code: "custom", message: "validation.fields.notAFile" });
      return z.NEVER;
    }
    if (value.size === 0 && value.name === "") return undefined;
    return value as File;
  })
  .optional();

export { isoDate } from "./dates";
