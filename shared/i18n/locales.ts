/**
 * The languages the product speaks, and how a request's language is chosen: the `NEXT_LOCALE` cookie (set
 * by the language switch), else the browser's Accept-Language, else DEFAULT_LOCALE. Pure: the proxy, the
 * API's error answers and the tests share it. No locale is ever in a URL (a printed QR code works in both).
 */
import { LOCALES } from "./locale-list.mjs";

export { LOCALES };
export type Locale = (typeof LOCALES)[number];
export const LOCALE_COOKIE = "NEXT_LOCALE";
/** Each language's own name, as the switch shows it (never translated). */
export const LOCALE_NAMES: Record<Locale, string> = { en: "English", ko: "한국어" };

export function isLocale(value: unknown): value is Locale {
  return (LOCALES as readonly unknown[]).includes(value);
}

/**
 * The first language of ours in an Accept-Language header, by its q-values (`ko-KR,ko;q=0.9,en;q=0.8`
 * gives ko). Only the primary subtag counts: ko-KR and ko are both Korean. q=0 means "not this one".
 */
function preferredLocale(acceptLanguage: string | null | undefined): Locale | undefined {
  if (!acceptLanguage) return undefined;
  let best: { locale: Locale; quality: number } | undefined;
  // A header is short; a hostile one is cut so the walk stays bounded.
  for (const part of acceptLanguage.slice(0, 500).split(",")) {
    const [tag = "", ...params] = part.trim().split(";");
    const primary = tag.trim().toLowerCase().split("-")[0];
    if (!isLocale(primary)) continue;
    const qParam = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    const quality = qParam ? Number(qParam.slice(2)) : 1;
    if (!Number.isFinite(quality) || quality <= 0) continue;
    if (!best || quality > best.quality) best = { locale: primary, quality };
  }
  return best?.locale;
}

export function resolveLocale(input: { cookie: string | undefined; acceptLanguage: string | null | undefined; fallback: Locale }): Locale {
  if (isLocale(input.cookie)) return input.cookie;
  return preferredLocale(input.acceptLanguage) ?? input.fallback;
}
