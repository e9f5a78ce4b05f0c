import { getConfig } from "@/lib/config";
import type { Locale } from "@/lib/i18n/locales";
import { MESSAGES } from "@/lib/i18n/translate";

/**
 * The words the product page's client components say, picked on the server from the visitor's catalogue
 * and passed down as props: no translation library runs in the visitor's browser (its scripts must stay
 * small). Messages with arguments are filled in there by lib/i18n/fill.ts. With them the language and
 * APP_TIMEZONE, for the times a modal says (lib/i18n/clock.ts).
 */
export function visitorWords(locale: Locale) {
  const { page, ticket, claim, result, refused, win, api } = MESSAGES[locale].visitor;
  return { locale, timeZone: getConfig().timeZone, page, ticket, claim, result, refused, win, taken: api.taken };
}

export type VisitorWords = ReturnType<typeof visitorWords>;
