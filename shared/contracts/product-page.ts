import type { EventState } from "./settings";

/** The visitor's product page as the server renders it (`GET /api/p/{urlPath}/` sends the same row). */
export type PublicProductPage = {
  id: number;
  name: string;
  description: string;
  image: string | null;
  url_path: string;
  has_prize: boolean;
  is_reserved: boolean;
  event_state: EventState;
  /**
   * The prize waiting here, named and pictured before the tap while the `show_prize_before_tap` setting is
   * on and a prize can be won here (waiting or held); null otherwise.
   */
  prize: PublicPrize | null;
  /** An announced drop still to come (ISO 8601): the page counts down to it; null otherwise. */
  drops_at: string | null;
};

/** The product page as the server renders it, with its event (whose clock says the page's times; the API leaves it out). */
export type ProductPageOfEvent = PublicProductPage & { eventId: number };

/** What a visitor is told of the prize waiting on a page before tapping its ticket. */
export type PublicPrize = { name: string; image: string | null };
