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

/**
 * Postgres refuses the NUL character in text (and would answer with an error, a 500), so input holding
 * one is refused here, per field, before any schema or query sees it.
 */
export function assertNoNulCharacters(value: unknown, path: string[] = []): void {
  if (typeof value === "string") {
    if (value.includes("\u0000")) {
      throw new ValidationError({ [path.join(".") || "non_field_errors"]: ["Remove the invisible control character (NUL)."] });
    }
  } else if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) assertNoNulCharacters(item, [...path, String(index)]);
  } else if (value && typeof value === "object" && !(value instanceof Blob)) {
    for (const [key, item] of Object.entries(value)) assertNoNulCharacters(item, [...path, key]);
  }
}
