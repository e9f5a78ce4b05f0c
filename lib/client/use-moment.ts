"use client";

import { useFormatter, useLocale } from "next-intl";
import { useMemo } from "react";
import { useHydrated } from "./use-hydrated";

/**
 * Hours as each language writes them: Korean with 오전/오후 ("오후 2:05"), English on the 24-hour clock the
 * spec's screens always used ("09:05").
 */
const hoursOf = (locale: string) =>
  locale === "ko" ? ({ hour: "numeric", hourCycle: "h12" } as const) : ({ hour: "2-digit", hourCycle: "h23" } as const);

/**
 * Moments as the organiser reads them, in their language and on the event's clock (APP_TIMEZONE, from the
 * admin layout's next-intl provider): `moment` gives the day and minute ("5월 3일 오후 2:05", "May 3, 14:05"),
 * `clock` the minute alone.
 */
export function useMoment(): { moment: (iso: string) => string; clock: (iso: string) => string } {
  const format = useFormatter();
  const locale = useLocale();
  const hydrated = useHydrated();
  // The same functions while the language stays: tables built from them are not rebuilt on every render.
  return useMemo(() => {
    // Blank on the server and while hydrating (a screen that comes with its first data, the dashboard):
    // the server's ICU and the browser's write a Korean time differently ("PM 2:06" in Node 20's ICU 78,
    // "오후 2:06" in Chromium), and React refuses the page's text then (its error #418).
    if (!hydrated) return { moment: () => "", clock: () => "" };
    const hours = hoursOf(locale);
    return {
      moment: (iso: string) => format.dateTime(new Date(iso), { month: "short", day: "numeric", minute: "2-digit", ...hours }),
      clock: (iso: string) => format.dateTime(new Date(iso), { minute: "2-digit", ...hours }),
    };
  }, [format, locale, hydrated]);
}
