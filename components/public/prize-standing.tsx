import type { PublicProductPage } from "@/db/queries/public";
import { fill } from "@/lib/i18n/fill";
import type { Locale } from "@/lib/i18n/locales";
import { CATALOGUES } from "@/lib/i18n/translate";
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
}: {
  page: Pick<PublicProductPage, "has_prize" | "is_reserved" | "event_state" | "prize">;
  locale: Locale;
  holdSeconds: number;
  /** Why the event is not open (before its hours, after them, paused), in the visitor's language. */
  closedMessage: string;
}): { ticket: TicketParts | null; standing: React.ReactNode } {
  const words = CATALOGUES[locale].visitor;
  if (page.event_state !== "open") {
    const state = page.event_state;
    return {
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
  if (page.has_prize && !page.is_reserved) {
    const intro = (
      <>
        <h2 className="text-2xl font-extrabold tracking-tight text-prize-800">{words.page.foundPrize}</h2>
        <p className="mt-1 text-base text-slate-800">{fill(words.page.ticketHint, { seconds: holdSeconds })}</p>
      </>
    );
    const art = (
      <TicketArt
        words={words.ticket}
        className="mx-auto block w-full max-w-sm drop-shadow-md motion-safe:animate-wiggle group-aria-disabled:animate-none"
      />
    );
    // Under the ticket, not above it: the ticket stays where it was, on a small phone's first screen.
    const prize = page.prize ? <PrizeShown prize={page.prize} label={label} /> : undefined;
    return { ticket: { intro, art, tap: words.page.tapTicket, holding: words.page.holding, prize }, standing: null };
  }
  if (page.has_prize) {
    return {
      ticket: null,
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
    standing: (
      <Note tone="neutral" title={words.page.noPrizeTitle}>
        {words.page.noPrizeBody}
      </Note>
    ),
  };
}
