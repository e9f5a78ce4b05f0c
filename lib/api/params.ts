import { notFound, type Said } from "@/lib/errors";
import { text } from "@/shared/i18n/text";

/** A numeric id from the path; anything else is simply not found (404), like an unknown id. */
export function parseId(value: string | undefined, what: Said = text("errors.notFound")): number {
  if (!value || !/^[1-9][0-9]{0,9}$/.test(value)) throw notFound(what);
  const id = Number(value);
  if (id > 2_147_483_647) throw notFound(what);
  return id;
}
