import { text } from "@/lib/i18n/text";

export const WINNER_NOT_FOUND = text("errors.winners.notFound");

/** How an audit row names a winner: the nickname and what they won (the id finds their whole history). */
export const winnerTarget = (winner: { id: number; name: string; prize_name: string }) => ({
  type: "winner",
  id: winner.id,
  name: `${winner.name} (${winner.prize_name})`,
});
