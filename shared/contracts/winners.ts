import type { Page } from "./page";

/** Where a win stands (server-behaviour.md, "Collecting a prize: the deadline"). */
export const WINNER_STATUSES = ["waiting", "received", "expired"] as const;
export type WinnerStatus = (typeof WINNER_STATUSES)[number];

/** A winner as GET /api/winners/ and the prize desk show it (spec §3, server-behaviour.md). */
export type WinnerRow = {
  id: number;
  /** The nickname; null once erased (server-behaviour.md, "Privacy"). */
  name: string | null;
  /** The 4-digit password the winner shows at the prize desk; null for the desk role, which never sees one. */
  password: string | null;
  /** Ids of the prize and product page; null once those were deleted (the names stay). */
  prize: number | null;
  product: number | null;
  prize_name: string;
  product_name: string;
  created_at: string;
  is_received: boolean;
  received_at: string | null;
  /** The collection deadline (null: none), and when the win expired (null: it did not, or was reinstated). */
  collect_by: string | null;
  expired_at: string | null;
  status: WinnerStatus;
  /** When the nickname, code and visitor id were erased (on request or by the retention); null: not yet. */
  erased_at: string | null;
};

/** An undone hand-over whose deadline had passed gets this many minutes from the undo to collect. */
export const UNDO_GRACE_MINUTES = 10;

/**
 * GET /api/winners/: a page of winners. A look-up by `code` alone that more than one waiting winner shares
 * answers no one and `nickname_needed: true` (server-behaviour.md, "The prize desk never sees a code").
 */
export type WinnerPage = Page<WinnerRow> & { nickname_needed?: true };

/**
 * `my_win` in GET /api/p/{urlPath}/prize/: the visitor's own win on that page, by the server's record and
 * clock (the phone's clock is never asked), and where to collect it, in their language.
 */
export type MyWin = {
  status: WinnerStatus;
  collect_by: string | null;
  expired_at: string | null;
  received_at: string | null;
  desk_location: string | null;
};

/** How a screen names a winner: the nickname, or `#id` once erased (server-behaviour.md, "Privacy"). */
export const winnerLabel = (winner: { id: number; name: string | null }): string => winner.name ?? `#${winner.id}`;
