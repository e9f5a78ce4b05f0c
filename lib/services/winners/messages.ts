export const WINNER_NOT_FOUND = "Winner not found.";

/** How an audit row names a winner: the nickname and what they won (the id finds their whole history). */
export const winnerTarget = (winner: { id: number; name: string; prize_name: string }) => ({
  type: "winner",
  id: winner.id,
  name: `${winner.name} (${winner.prize_name})`,
});
