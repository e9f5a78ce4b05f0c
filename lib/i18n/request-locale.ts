import { getConfig } from "@/lib/config";
import { LOCALE_COOKIE, type Locale, resolveLocale } from "@/shared/i18n/locales";

type RequestLike = { headers: Headers; cookies: { get(name: string): { value: string } | undefined } };

/** The language of a request (see shared/i18n/locales.ts), with DEFAULT_LOCALE as the last resort. */
export function localeOfRequest(request: RequestLike): Locale {
  return resolveLocale({
    cookie: request.cookies.get(LOCALE_COOKIE)?.value,
    acceptLanguage: request.headers.get("accept-language"),
    fallback: getConfig().defaultLocale,
  });
}
