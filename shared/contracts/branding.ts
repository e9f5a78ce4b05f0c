import type { Locale } from "@/shared/i18n/locales";
import type { InEachLanguage } from "@/shared/i18n/localized";

/** The event's face (server-behaviour.md, "Branding"): what the visitor page, big screen, sign-in and print sheet show. */

export const EVENT_NAME_MAX = 60;
export const FOOTER_TEXT_MAX = 120;

/** The logo as stored (normalised WebP); its size lets each place reserve the room before it arrives. */
export type BrandLogo = { url: string; width: number; height: number };

export type Branding = {
  /** The organiser's name for the event; null: none set, and each place shows the product's name (app.name) in its reader's language. */
  event_name: string | null;
  /** The name in each language (server-behaviour.md, "Branding"): `event_name` is their fallback. */
  event_names: InEachLanguage;
  /** #rrggbb, or null for today's colours. */
  primary_color: string | null;
  footer_text: string | null;
  footer_texts: InEachLanguage;
  logo: BrandLogo | null;
};

/** Today's look: for a page drawn before the branding could be read (a slow database, the error screen). */
export const DEFAULT_BRANDING: Branding = {
  event_name: null,
  event_names: { en: null, ko: null },
  primary_color: null,
  footer_text: null,
  footer_texts: { en: null, ko: null },
  logo: null,
};

/**
 * A branding text in the reader's language: its own form, else the plain one (the spec's client and older data
 * set only that), else the other language's (the organiser's words beat the product's default name); null: none.
 */
function brandText(locale: Locale, plain: string | null, forms: InEachLanguage): string | null {
  const other: Locale = locale === "ko" ? "en" : "ko";
  return forms[locale]?.trim() || plain?.trim() || forms[other]?.trim() || null;
}

/** The event's name as a reader of `locale` sees it; null: none set (each place then says app.name). */
export function eventNameIn(locale: Locale, branding: Pick<Branding, "event_name" | "event_names">): string | null {
  return brandText(locale, branding.event_name, branding.event_names);
}

/** The footer's line as a reader of `locale` sees it; null: none. */
export function footerTextIn(locale: Locale, branding: Pick<Branding, "footer_text" | "footer_texts">): string | null {
  return brandText(locale, branding.footer_text, branding.footer_texts);
}
