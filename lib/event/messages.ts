import type { EventState } from "@/db/schema";
import type { Said } from "@/lib/errors";
import { clockTime, dayOfMonth } from "@/lib/i18n/clock";
import { inEachLanguage, text } from "@/shared/i18n/text";

/**
 * What a visitor is told when the event's rules stop a tap (server-behaviour.md, "The event's rules"), as
 * Texts: said in the visitor's language where the visitor is known (the API's answer, the page). Times are
 * said in APP_TIMEZONE, the event's clock, whatever the phone's own zone, and written out for each language
 * ("10:00", "오전 10:00"), since the service that refuses does not know its reader's.
 */
const EVENT_ENDED = text("visitor.api.eventEnded");
const DEFAULT_PAUSE_MESSAGE = text("visitor.api.defaultPause");
export const WIN_LIMIT_PER_EVENT = text("visitor.api.winLimitPerEvent");
export const WIN_LIMIT_PER_DAY = text("visitor.api.winLimitPerDay");

/** "Prizes can be won from 10:00 on 3 May." */
export function opensAtMessage(startsAt: Date, timeZone: string): Said {
  return text("visitor.api.opensAt", {
    time: inEachLanguage((locale) => clockTime(startsAt, locale, timeZone)),
    day: inEachLanguage((locale) => dayOfMonth(startsAt, locale, timeZone)),
  });
}

/**
 * What the visitor page shows instead of the ticket while the event is not open; null while it is. The
 * organiser's own pause message is said as they wrote it, in every language.
 */
export function closedEventMessage(
  rules: { state: EventState; startsAt: Date | null; pauseMessage: string | null },
  timeZone: string,
): Said | null {
  switch (rules.state) {
    case "open":
      return null;
    case "not_started":
      return rules.startsAt ? opensAtMessage(rules.startsAt, timeZone) : text("visitor.api.notStarted");
    case "ended":
      return EVENT_ENDED;
    case "paused":
      return rules.pauseMessage?.trim() || DEFAULT_PAUSE_MESSAGE;
  }
}

/** The refusal when this hour's units are all won or held: when the next hour starts. */
export function hourBudgetMessage(now: Date, timeZone: string): Said {
  // The hour's start on the event's clock (a zone may be half an hour off UTC's hours).
  const minute = Number(new Intl.DateTimeFormat("en-GB", { timeZone, minute: "numeric" }).format(now));
  const startOfHour = now.getTime() - minute * 60_000 - now.getSeconds() * 1000 - now.getMilliseconds();
  const nextHour = new Date(startOfHour + 3_600_000);
  return text("visitor.api.hourBudget", { time: inEachLanguage((locale) => clockTime(nextHour, locale, timeZone)) });
}

/** An early tap on an announced drop: "This prize drops at 15:00." on the event's clock (to the second if set so). */
export function dropsAtMessage(dropsAt: Date, timeZone: string): Said {
  const seconds = dropsAt.getUTCSeconds() !== 0;
  return text("visitor.api.dropsAt", { time: inEachLanguage((locale) => clockTime(dropsAt, locale, timeZone, { seconds })) });
}
