import type { ReactNode } from "react";
import { getConfig } from "@/lib/config";
import type { Locale } from "@/lib/i18n/locales";
import { CATALOGUES } from "@/lib/i18n/translate";

/**
 * The words the product page's client island says whatever the page's state (the claim's form and modals,
 * a win kept on the phone), picked on the server from the visitor's catalogue and passed down as props: no
 * translation library runs in the visitor's browser (its scripts must stay small). Messages with arguments
 * are filled in there by lib/i18n/fill.ts. With them the language and APP_TIMEZONE, for the times a modal
 * says (lib/i18n/clock.ts). What only one state says (the ticket, someone holding the prize, none here,
 * the event closed) is rendered on the server instead (prize-standing.tsx), so a copy holds its own words.
 */
export function visitorWords(locale: Locale) {
  const { page, claim, result, refused, win, api, drop } = CATALOGUES[locale].visitor;
  return {
    locale,
    timeZone: getConfig().timeZone,
    prizeRegion: page.prizeRegion,
    youWon: page.youWon,
    image: { loading: page.imageLoading, failed: page.imageFailed, none: page.noImage },
    claim,
    result,
    refused,
    win,
    drop,
    taken: api.taken,
  };
}

export type VisitorWords = ReturnType<typeof visitorWords>;

/** The ticket's parts, rendered on the server: its announcement, its art, and its button's two labels. */
export type TicketParts = { intro: ReactNode; art: ReactNode; tap: string; holding: string };
