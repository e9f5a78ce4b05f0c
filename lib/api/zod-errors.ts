import type { z } from "zod";
import type { FieldErrors } from "@/lib/errors";

/** zod issues in the DRF shape: `{field: [messages]}`, issues about the whole object under non_field_errors. */
export function toFieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join(".") : "non_field_errors";
    (fields[key] ??= []).push(issue.message);
  }
  return fields;
}
