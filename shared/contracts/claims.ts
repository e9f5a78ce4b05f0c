import type { MyWin } from "./winners";

/** The visitor's claim calls (`/api/p/{urlPath}/prize/claim/`), as the product page reads them. */

/**
 * Why a reserve or claim was refused, in its 409 body beside the detail (`{detail, code}`): only `taken` is
 * somebody else's doing (they hold or took the prize). The event's rules come first: closed hours, the
 * pause, the visitor's win limit, an announced drop still to come (with `drops_at`), the prize's hourly pacing; then the visitor's own hold on another page
 * or their pause after letting this prize go.
 */
export const RESERVE_REFUSAL_CODES = [
  "event_not_started",
  "event_ended",
  "event_paused",
  "win_limit",
  "not_yet",
  "hour_budget",
  "holding_another",
  "let_go_recently",
  "taken",
] as const;
export type ReserveRefusalCode = (typeof RESERVE_REFUSAL_CODES)[number];

/** Where the event stands, as `GET /api/p/{urlPath}/prize/` says (`event_state`). */
export type PublicEventState = "open" | "not_started" | "ended" | "paused";

/** The caller's own live hold of the page's prize (`my_hold` in the state call), by their visitor cookie. */
export type MyHold = { reserved_until: string; seconds_left: number };

/** `GET /api/p/{urlPath}/prize/`, as the product page reads it (`opens_at` and `message` while not open). */
export type PublicPrizeState = {
  has_prize: boolean;
  is_reserved: boolean;
  event_state: PublicEventState;
  /** Only when the caller holds the page's prize. */
  my_hold?: MyHold;
  opens_at?: string;
  message?: string;
  /** Only when the caller won here: where and by when to collect it. */
  my_win?: MyWin;
};

/**
 * One of this phone's wins (`GET /api/p/my-wins/`): the names as they were when won, the product page it was
 * won on (null once that page is deleted), when, whether it was handed over at the prize desk, and, as the
 * win card says it (MyWin), where it stands, by when and where to collect it (the desk in the caller's language).
 */
export type VisitorWin = {
  prize_name: string;
  product_name: string;
  url_path: string | null;
  won_at: string;
  is_received: boolean;
} & MyWin;
export type VisitorWins = { results: VisitorWin[] };
