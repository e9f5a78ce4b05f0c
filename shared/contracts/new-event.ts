/** "Start a new event" (server-behaviour.md, "A new event" and "A new event keeps every win"). */

/** The archive's response header naming its cut-off: the id of its newest winner (0 when it has none). */
export const ARCHIVE_CUTOFF_HEADER = "X-Archive-Cutoff";

/** Where an archive's winners end; event.json carries it as `cutoff`. */
export type ArchiveCutoff = {
  /** Every winner up to this id (0: none) is in the archive; a reset refuses while a newer one exists. */
  last_winner_id: number;
  /** How many winners the archive holds. */
  winners: number;
};

/** GET /api/admin/event/status/: what the owner is told before confirming a new event. */
export type EventStatus = {
  /** Visitors holding a prize right now (their hold ends with the reset and they are told the event ended). */
  playing_now: number;
  /** Winners the reset would remove. */
  winners: number;
};

/**
 * The `code` of a 409 from POST /api/admin/event/start_new/: no archive was named while winners exist
 * (`archive_missing`), or wins came after the named archive's cut-off (`archive_outdated`); either way
 * nothing changed and the owner downloads the archive again.
 */
export type NewEventRefusalCode = "archive_missing" | "archive_outdated";
