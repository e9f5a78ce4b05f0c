import type { Locale } from "@/shared/i18n/locales";

/**
 * Times of day and days said to visitors, in their language and the event's time zone (APP_TIMEZONE),
 * whatever the phone's own: English as the event's printed programme writes them ("14:05", "3 May"),
 * Korean with its day period ("오후 2:05", "5월 3일"). Plain Intl, so the visitor's page can use it
 * without a translation library.
 */
const CLOCK: Record<Locale, { tag: string; options: Intl.DateTimeFormatOptions }> = {
  en: { tag: "en-GB", options: { hour: "2-digit", minute: "2-digit", hourCycle: "h23" } },
  // dayPeriod: ICU 78's own Korean short form is "PM 2:05"; the day period's words are Korean ("오후", "저녁").
  ko: { tag: "ko-KR", options: { hour: "numeric", minute: "2-digit", hour12: true, dayPeriod: "short" } },
};

/** "14:05" or "오후 2:05"; with `seconds`, "14:05:09" or "오후 2:05:09". */
export function clockTime(at: Date | number, locale: Locale, timeZone: string, { seconds = false } = {}): string {
  const { tag, options } = CLOCK[locale];
  return new Intl.DateTimeFormat(tag, { ...options, ...(seconds ? { second: "2-digit" } : {}), timeZone }).format(at);
}

/** "3 May" or "5월 3일". */
export function dayOfMonth(at: Date | number, locale: Locale, timeZone: string): string {
  return new Intl.DateTimeFormat(CLOCK[locale].tag, { day: "numeric", month: "long", timeZone }).format(at);
}
