/** The event's face (server-behaviour.md, "Branding"): what the visitor page, big screen, sign-in and print sheet show. */

export const EVENT_NAME_MAX = 60;
export const FOOTER_TEXT_MAX = 120;

/** The logo as stored (normalised WebP); its size lets each place reserve the room before it arrives. */
export type BrandLogo = { url: string; width: number; height: number };

export type Branding = {
  /** The organiser's name for the event; null: none set, and each place shows the product's name (app.name) in its reader's language. */
  event_name: string | null;
  /** #rrggbb, or null for today's colours. */
  primary_color: string | null;
  footer_text: string | null;
  logo: BrandLogo | null;
};

/** Today's look: for a page drawn before the branding could be read (a slow database, the error screen). */
export const DEFAULT_BRANDING: Branding = { event_name: null, primary_color: null, footer_text: null, logo: null };
