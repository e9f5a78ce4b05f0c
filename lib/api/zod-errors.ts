import { z } from "zod";
import { type FieldErrors, type Said, ValidationError } from "@/lib/errors";
import { isMessageKey } from "@/lib/i18n/translate";
import type { Locale } from "@/shared/i18n/locales";
import { type TextValues, text } from "@/shared/i18n/text";

/**
 * zod issues in the DRF shape: `{field: [messages]}`, issues about the whole object under non_field_errors.
 * A schema's own message is a key of messages/*.json (said in the caller's language by lib/api/respond.ts);
 * zod's built-in ones come in the language the schema was parsed in (`zodErrorsIn`).
 */
export function toFieldErrors(error: z.ZodError): FieldErrors {
  const fields: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join(".") : "non_field_errors";
    // A custom issue may carry the values its message takes (e.g. a contrast ratio) as its params.
    const values = issue.code === "custom" ? (issue.params as TextValues | undefined) : undefined;
    const said: Said = isMessageKey(issue.message) ? text(issue.message, values) : issue.message;
    fields[key] = [...(fields[key] ?? []), said];
  }
  return fields;
}

const koreanZodErrors = z.locales.ko().localeError;

/** zod's built-in messages (a schema's own come first) in a language: pass to `safeParse(value, ...)`. */
export function zodErrorsIn(locale: Locale): { error?: z.core.$ZodErrorMap } {
  return locale === "ko" ? { error: koreanZodErrors } : {};
}

/** No request of this app nests deeper than a list inside an object; 32 leaves room and bounds the walk. */
const MAX_INPUT_DEPTH = 32;

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
      throw new ValidationError({ non_field_errors: [text("errors.nestedTooDeeply", { levels: MAX_INPUT_DEPTH })] });
    }
    if (typeof current === "string") {
      if (current.includes("\u0000")) {
        throw new ValidationError({ [path.join(".") || "non_field_errors"]: [text("errors.nulCharacter")] });
      }
    } else if (Array.isArray(current)) {
      for (const [index, item] of current.entries()) pending.push({ value: item, path: [...path, String(index)] });
    } else if (current && typeof current === "object" && !(current instanceof Blob)) {
      for (const [key, item] of Object.entries(current)) pending.push({ value: item, path: [...path, key] });
    }
  }
}
