import type { MessageKeys, Messages, NestedKeyOf } from "next-intl";
import { LOCALES, type Locale } from "./locales";

/** Any message of messages/en.json (and ko.json), by its dotted key: checked by the type checker. */
export type MessageKey = MessageKeys<Messages, NestedKeyOf<Messages>>;
/** A value written out per language where the Text is made (a time of day: "14:05", "오후 2:05"). */
export type InEachLanguage = { readonly perLocale: Record<Locale, string> };
export type TextValues = Record<string, string | number | Date | InEachLanguage>;

/**
 * Words decided away from the reader (an API error thrown deep in a service) and put into the reader's
 * language where the reader is known (lib/api/respond.ts, from the request's locale).
 */
export type Text = { key: MessageKey; values?: TextValues };

export const text = (key: MessageKey, values?: TextValues): Text => ({ key, values });

/** A value for a Text said in several languages: `say` writes it in each (a service does not know its reader's). */
export function inEachLanguage(say: (locale: Locale) => string): InEachLanguage {
  return { perLocale: Object.fromEntries(LOCALES.map((locale) => [locale, say(locale)])) as Record<Locale, string> };
}
