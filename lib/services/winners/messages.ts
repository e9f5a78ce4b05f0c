import { text } from "@/shared/i18n/text";

export const WINNER_NOT_FOUND = text("errors.winners.notFound");
/** An erased win has no nickname or code left: nobody could show it at the desk (server-behaviour.md, "Privacy"). */
export const WINNER_ERASED = text("errors.winners.erased");

/**
 * How an audit row names a winner: by id and what they won, never by nickname (server-behaviour.md,
 * "Privacy": the audit log outlives an erasure, so it holds no personal data of a visitor).
 */
export const winnerAuditName = (winner: { id: number; prize_name: string }) => `#${winner.id} (${winner.prize_name})`;

export const winnerTarget = (winner: { id: number; prize_name: string }) => ({
  type: "winner",
  id: winner.id,
  name: winnerAuditName(winner),
});
