import { cookies, headers } from "next/headers";
import { getRequestConfig } from "next-intl/server";
import { getConfig } from "@/lib/config";
import { eventTimeZone } from "@/lib/event/time-zone";
import { CATALOGUES } from "@/lib/i18n/translate";
import { isLocale, LOCALE_COOKIE, type Locale, resolveLocale } from "@/shared/i18n/locales";

/**
 * next-intl's per-request configuration. Pages live under app/[locale]/, which proxy.ts fills in from the
 * visitor's cookie or browser (shared/i18n/locales.ts), so the URL never carries the language and the
 * product page's cached copies are kept per language. Only a screen outside that segment (the root
 * not-found) reads the request itself.
 */
export default getRequestConfig(async ({ requestLocale, locale: explicit }) => {
  const requested = explicit ?? (await requestLocale);
  const locale: Locale = isLocale(requested) ? requested : await localeOfThisRequest();
  // The event's clock (the setting, read once a second by every instance: lib/event/time-zone.ts).
  return { locale, messages: CATALOGUES[locale], timeZone: eventTimeZone() };
});

async function localeOfThisRequest(): Promise<Locale> {
  const [cookieStore, headerList] = await Promise.all([cookies(), headers()]);
  return resolveLocale({
    cookie: cookieStore.get(LOCALE_COOKIE)?.value,
    acceptLanguage: headerList.get("accept-language"),
    fallback: getConfig().defaultLocale,
  });
}
