import { clockTime } from "@/lib/i18n/clock";
import { fill } from "@/lib/i18n/fill";
import { CATALOGUES } from "@/lib/i18n/translate";
import type { PublicProductPage } from "@/shared/contracts/product-page";
import type { Locale } from "@/shared/i18n/locales";
import { Note } from "./prize-note";
import { PrizeShown } from "./prize-shown";
import { ReloadButton } from "./reload-button";
import { TicketArt } from "./ticket";
import type { TicketParts } from "./visitor-words";

/**
 * What the page says where the ticket goes, rendered on the server in the visitor's language: the ticket's
 * own parts when a prize waits here (prize-claim.tsx makes it the button), else why there is none. Only the
 * words of the page's state are in its HTML (and its cached copy).
 */
export function prizeStanding({
  page,
  locale,
  holdSeconds,
  closedMessage,
  timeZone,
}: {
  page: Pick<PublicProductPage, "has_prize" | "is_reserved" | "event_state" | "prize" | "drops_at">;
  locale: Locale;
  holdSeconds: number;
  /** Why the event is not open (before its hours, after them, paused), in the visitor's language. */
  closedMessage: string;
  /** The event's clock, for an announced drop's time. */
  timeZone: string;
}): { ticket: TicketParts | null; standing: React.ReactNode; dropsAt: string | null } {
  const words = CATALOGUES[locale].visitor;
  if (page.event_state !== "open") {
    const state = page.event_state;
    return {
      dropsAt: null,
      ticket: null,
      standing: (
        <Note tone={state === "paused" ? "busy" : "neutral"} title={words.closed[state]}>
          <p data-event-state={state}>{closedMessage}</p>
        </Note>
      ),
    };
  }
  // Named before the tap while the setting is on (the read gives no prize otherwise).
  const label = words.page.prizeShownLabel;
  if ((page.has_prize && !page.is_reserved) || (!page.has_prize && page.drops_at)) {
    const intro = <h2 className="text-2xl font-extrabold tracking-tight text-prize-800">{words.page.foundPrize}</h2>;
    const hint = <p className="mt-2 text-base text-slate-800">{fill(words.page.ticketHint, { seconds: holdSeconds })}</p>;
    const art = (
      <TicketArt
        words={words.ticket}
        className="mx-auto block w-full max-w-sm drop-shadow-md motion-safe:animate-wiggle group-aria-disabled:animate-none"
      />
    );
    // Above the ticket, the hold's hint below it: a small phone's first screen names what the tap wins and keeps the ticket.
    const prize = page.prize ? <PrizeShown prize={page.prize} label={label} /> : undefined;
    const ticket = { intro, art, tap: words.page.tapTicket, holding: words.page.holding, prize, hint };
    if (page.has_prize || !page.drops_at) return { ticket, standing: null, dropsAt: null };
    // An announced drop to come: its time now, the ticket (kept hidden) once the countdown reaches it.
    return {
      ticket,
      dropsAt: page.drops_at,
      standing: (
        <Note tone="neutral" title={words.drop.title}>
          <p>{fill(words.drop.at, { time: clockTime(new Date(page.drops_at), locale, timeZone) })}</p>
          {page.prize && <PrizeShown prize={page.prize} label={words.drop.prizeLabel} />}
        </Note>
      ),
    };
  }
  if (page.has_prize) {
    return {
      ticket: null,
      dropsAt: null,
      standing: (
        <Note tone="busy" title={words.page.heldTitle}>
          <p>{fill(words.page.heldBody, { seconds: holdSeconds })}</p>
          {page.prize && <PrizeShown prize={page.prize} label={label} />}
          <ReloadButton label={words.page.checkAgain} />
        </Note>
      ),
    };
  }
  return {
    ticket: null,
    dropsAt: null,
    standing: (
      <Note tone="neutral" title={words.page.noPrizeTitle}>
        {words.page.noPrizeBody}
      </Note>
    ),
  };
}
