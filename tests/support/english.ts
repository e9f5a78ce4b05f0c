import type { Said } from "@/lib/errors";
import { translate } from "@/lib/i18n/translate";

/** What an error says to an English-speaking caller (the tests' requests ask for no language: DEFAULT_LOCALE, en). */
export function english(said: Said): string {
  return typeof said === "string" ? said : translate("en", said);
}
