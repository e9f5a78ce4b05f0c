import type { FieldValues, Path, UseFormSetError } from "react-hook-form";
import { ApiError, errorMessage, firstMessage } from "./api";

/**
 * Puts a failed save's DRF errors where they belong: `{field: [msg]}` on the react-hook-form field (or on an
 * `extra` field the form keeps outside react-hook-form, such as a picked image), and `detail` /
 * `non_field_errors` (or anything unplaced) into the returned form-level message. Returns null when every
 * message found a field.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  {
    fields,
    setError,
    extra = {},
    fallback,
  }: {
    fields: readonly Path<T>[];
    setError: UseFormSetError<T>;
    extra?: Record<string, (message: string) => void>;
    fallback: string;
  },
): string | null {
  const body = error instanceof ApiError ? error.body : null;
  let placed = false;
  for (const field of fields) {
    const message = firstMessage(body?.[field]);
    if (message) {
      setError(field, { type: "server", message });
      placed = true;
    }
  }
  for (const [field, show] of Object.entries(extra)) {
    const message = firstMessage(body?.[field]);
    if (message) {
      show(message);
      placed = true;
    }
  }
  if (placed && !body?.detail && !body?.non_field_errors) return null;
  return errorMessage(error, fallback);
}
