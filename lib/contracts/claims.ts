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
