import type { ReactNode } from "react";
import { CATALOGUES } from "@/lib/i18n/translate";
import type { Locale } from "@/shared/i18n/locales";

/**
 * The words the product page's client island says whatever the page's state (the claim's form and modals,
 * a win kept on the phone), picked on the server from the visitor's catalogue and passed down as props: no
 * translation library runs in the visitor's browser (its scripts must stay small). Messages with arguments
 * are filled in there by lib/i18n/fill.ts. With them the language and APP_TIMEZONE, for the times a modal
 * says (lib/i18n/clock.ts). What only one state says (the ticket, someone holding the prize, none here,
 * the event closed) is rendered on the server instead (prize-standing.tsx), so a copy holds its own words.
 */
export function visitorWords(locale: Locale, timeZone: string) {
  const { page, claim, result, refused, win, api, drop } = CATALOGUES[locale].visitor;
  const { link, consent } = CATALOGUES[locale].privacy;
  return {
    locale,
    timeZone,
    prizeRegion: page.prizeRegion,
    youWon: page.youWon,
    myWins: {
      title: page.myWinsTitle,
      waiting: page.myWinsWaiting,
      received: page.myWinsReceived,
      expired: page.myWinsExpired,
      showCard: page.myWinsShowCard,
    },
    image: { loading: page.imageLoading, failed: page.imageFailed, none: page.noImage },
    claim,
    result,
    refused,
    win,
    drop,
    taken: api.taken,
    // The claim form's consent boxes and its link to the notice (server-behaviour.md, "Privacy").
    privacy: { link, ...consent },
  };
}

export type VisitorWords = ReturnType<typeof visitorWords>;

/**
 * The ticket's parts, rendered on the server: its announcement, its art, its button's two labels, and the
 * prize it is for when the page names it before the tap.
 */
/**
 * The ticket's parts, top to bottom: the heading, the prize it wins (when named), the ticket, then how the
 * hold works: what the tap wins stays on a small phone's first screen with the ticket.
 */
export type TicketParts = { intro: ReactNode; art: ReactNode; tap: string; holding: string; prize?: ReactNode; hint: ReactNode };
