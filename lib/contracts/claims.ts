/** The visitor's claim calls (`/api/p/{urlPath}/prize/claim/`), as the product page reads them. */

/**
 * Why a reserve was refused, in its 409 body beside the detail: only `taken` is somebody else's doing
 * (they hold or took the prize); the other two are the visitor's own (a hold on another page, a pause after
 * letting this prize go).
 */
export const RESERVE_REFUSAL_REASONS = ["taken", "holding_another", "let_go_recently"] as const;
export type ReserveRefusalReason = (typeof RESERVE_REFUSAL_REASONS)[number];
