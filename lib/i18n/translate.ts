import { createTranslator } from "use-intl/core";
import { eventTimeZone } from "@/lib/event/time-zone";
import en from "@/messages/en.json";
import ko from "@/messages/ko.json";
import type { Locale } from "@/shared/i18n/locales";
import type { MessageKey, Text, TextValues } from "@/shared/i18n/text";

/** Every message in each language (messages/*.json); lib/messages.ts holds the route handlers' keys into it. */
export const CATALOGUES = { en, ko } satisfies Record<Locale, unknown>;

type Translator = ReturnType<typeof createTranslator<typeof en>>;
const translators = new Map<string, Translator>();

/**
 * The whole catalogue's translator for one language, made once per process: for server code outside a
 * page (route handlers, Excel exports). Pages and components use next-intl's getTranslations/useTranslations.
 */
export function translatorFor(locale: Locale): Translator {
  // By language and the event's clock (a setting that may change while the process runs).
  const timeZone = eventTimeZone();
  let translator = translators.get(`${locale} ${timeZone}`);
  if (!translator) {
    translator = createTranslator({ locale, messages: CATALOGUES[locale], timeZone });
    translators.set(`${locale} ${timeZone}`, translator);
  }
  return translator;
}

/** Words in one language: a Text said in it, a plain string (words not ours) as it is. */
export function sayIn(locale: Locale, said: string | Text): string {
  return typeof said === "string" ? said : translate(locale, said);
}

/** A Text in one language. */
export function translate(locale: Locale, said: Text): string {
  // The key is checked by the type checker where the Text is made; here it is only a string.
  const say = translatorFor(locale) as unknown as (key: string, values?: Record<string, string | number | Date>) => string;
  return say(said.key, said.values && valuesIn(locale, said.values));
}

function valuesIn(locale: Locale, values: TextValues): Record<string, string | number | Date> {
  return Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      typeof value === "object" && "perLocale" in value ? value.perLocale[locale] : value,
    ]),
  );
}

/**
 * Whether a string is a key of the catalogue: zod schemas (shared by the admin's forms and the API) give
 * their messages as keys, which the form (useSaid) and the API (lib/api/zod-errors.ts) then say in the
 * reader's language. en.json has every key (a test keeps ko.json in step).
 */
export function isMessageKey(value: string): value is MessageKey {
  let node: unknown = en;
  for (const part of value.split(".")) {
    if (!node || typeof node !== "object" || !Object.hasOwn(node, part)) return false;
    node = (node as Record<string, unknown>)[part];
  }
  return typeof node === "string";
}
