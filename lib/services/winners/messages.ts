export const WINNER_NOT_FOUND = "Winner not found.";
