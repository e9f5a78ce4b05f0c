import type { z } from "zod";
import { type FieldErrors, ValidationError } from "@/lib/errors";

/** zod issues in the DRF shape: `{field: [messages]}`, issues about the whole object under non_field_errors. */
export function toFieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join(".") : "non_field_errors";
    fields[key] = [...(fields[key] ?? []), issue.message];
  }
  return fields;
}

/** No request of this app nests deeper than a list inside an object; 32 leaves room and bounds the walk. */
export const MAX_INPUT_DEPTH = 32;

/**
 * Checks the shape of raw input before any schema sees it, without recursion (a body nested 10,000 deep
 * must not overflow the stack): too deep is refused as a whole, and the NUL character, which Postgres
 * refuses in text (an error, a 500), is refused per field.
 */
export function assertPlainInput(value: unknown): void {
  const pending: { value: unknown; path: string[] }[] = [{ value, path: [] }];
  while (pending.length > 0) {
    const { value: current, path } = pending.pop()!;
    if (path.length > MAX_INPUT_DEPTH) {
      throw new ValidationError({ non_field_errors: [`The request is nested too deeply (more than ${MAX_INPUT_DEPTH} levels).`] });
    }
    if (typeof current === "string") {
      if (current.includes("\u0000")) {
        throw new ValidationError({ [path.join(".") || "non_field_errors"]: ["Remove the invisible control character (NUL)."] });
      }
    } else if (Array.isArray(current)) {
      for (const [index, item] of current.entries()) pending.push({ value: item, path: [...path, String(index)] });
    } else if (current && typeof current === "object" && !(current instanceof Blob)) {
      for (const [key, item] of Object.entries(current)) pending.push({ value: item, path: [...path, key] });
    }
  }
}
