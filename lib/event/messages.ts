import type { EventState } from "@/db/schema";

/**
 * What a visitor is told when the event's rules stop a tap (server-behaviour.md, "The event's rules").
 * Times are said in APP_TIMEZONE, the event's clock, whatever the phone's own zone.
 */
export const EVENT_ENDED = "The event has ended: no more prizes can be won. Thank you for taking part!";
/** A claim whose hold went with "Start a new event" (server-behaviour.md, "A new event"). */
export const EVENT_RESET_DETAIL = "This event has ended, so your hold was released. Thank you for taking part!";
export const DEFAULT_PAUSE_MESSAGE = "Prizes are paused for a moment. Please check back soon.";
export const WIN_LIMIT_PER_EVENT = "You have already won a prize at this event: one prize per visitor, so that others get a chance too.";
export const WIN_LIMIT_PER_DAY = "You have already won a prize today: one prize per visitor a day. Come back tomorrow!";

/** "10:00 on 3 May" in the event's time zone. */
export function eventDateTime(at: Date, timeZone: string): string {
  const time = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(at);
  const day = new Intl.DateTimeFormat("en-GB", { timeZone, day: "numeric", month: "long" }).format(at);
  return `${time} on ${day}`;
}

/** "15:00" in the event's time zone. */
export function eventClockTime(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(at);
}

export function opensAtMessage(startsAt: Date, timeZone: string): string {
  return `Prizes can be won from ${eventDateTime(startsAt, timeZone)}.`;
}

/** What the visitor page shows instead of the ticket while the event is not open; null while it is. */
export function closedEventMessage(
  rules: { state: EventState; startsAt: Date | null; pauseMessage: string | null },
  timeZone: string,
): string | null {
  switch (rules.state) {
    case "open":
      return null;
    case "not_started":
      return rules.startsAt ? opensAtMessage(rules.startsAt, timeZone) : "Prizes cannot be won yet.";
    case "ended":
      return EVENT_ENDED;
    case "paused":
      return rules.pauseMessage?.trim() || DEFAULT_PAUSE_MESSAGE;
  }
}

/** The refusal when this hour's units are all won or held: when the next hour starts. */
export function hourBudgetMessage(now: Date, timeZone: string): string {
  // The hour's start on the event's clock (a zone may be half an hour off UTC's hours).
  const minute = Number(new Intl.DateTimeFormat("en-GB", { timeZone, minute: "numeric" }).format(now));
  const startOfHour = now.getTime() - minute * 60_000 - now.getSeconds() * 1000 - now.getMilliseconds();
  const nextHour = new Date(startOfHour + 3_600_000);
  return `This prize's share for this hour is given out. More can be won from ${eventClockTime(nextHour, timeZone)}.`;
}
