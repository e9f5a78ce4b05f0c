import type { Locale } from "./locales";

/**
 * A product's or prize's name (or description) in each language (server-behaviour.md, "Names in the
 * visitor's language"): `name` is the one the organiser typed first and the spec's field; `name_en` /
 * `name_ko` are optional. Plain and tiny: the visitor's page and the big screen pick with it in the browser.
 */
export type InEachLanguage = { en: string | null; ko: string | null };

/** The text in `locale` when the organiser gave one, else the main one. */
export function inLanguage(locale: Locale, main: string, translations: InEachLanguage): string {
  return translations[locale]?.trim() || main;
}
