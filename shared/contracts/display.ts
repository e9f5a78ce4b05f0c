import type { InEachLanguage } from "@/shared/i18n/localized";
import type { Branding } from "./branding";

/** One recent win as the big screen shows it: the nickname masked, never the password. */
type DisplayWinner = {
  nickname_masked: string;
  prize_name: string;
  /** The prize's name in each language, when the prize is still there and the organiser gave one. */
  prize_names: InEachLanguage;
  won_at: string;
};

/**
 * One active prize: units left in stock, what today's limit still allows, and on how many product pages a
 * visitor can win it now (`live_placements`: placed, nobody holding it, the event open, budget left). The
 * rest of the stock (`remaining_quantity - live_placements`) is for later.
 */
export type DisplayPrize = {
  name: string;
  names: InEachLanguage;
  remaining_quantity: number;
  today_left: number;
  live_placements: number;
  /** The first few of those stands by name (at most 5): the rest are `live_placements - live_stands.length`. */
  live_stands: DisplayStand[];
};

/** A product page (a stand) where a prize can be won now, named in each language the organiser gave. */
export type DisplayStand = { name: string; names: InEachLanguage };

/** An announced drop still to come: the screen counts down to it. */
export type DisplayDrop = { prize_name: string; product_name: string; drops_at: string };

/** GET /api/display/{token}/, and each message of its event stream. */
export type DisplaySnapshot = {
  recent_winners: DisplayWinner[];
  prizes: DisplayPrize[];
  winners_today: number;
  /** The event's name, colour and logo: a branding change reaches the screen live, as a win does. */
  branding: Branding;
  /** The event's clock (IANA name): the winners' times are said in it, and a change reaches the screen live. */
  time_zone: string;
  /** The next announced drops, soonest first (winning moments are never listed). */
  next_drops: DisplayDrop[];
  /** The server's clock when the snapshot was read (ISO 8601): the screen counts down on it. */
  now: string;
};

/** The admin's view of the big screen's address (GET /api/admin/display/). */
export type DisplayAddress = { token: string; path: string; url: string; qr_code: string };
