/** "Start a new event" (server-behaviour.md, "A new event"). */

/** The archive's response header naming its cut-off: the id of its newest winner (0 when it has none). */
export const ARCHIVE_CUTOFF_HEADER = "X-Archive-Cutoff";

/** Where an archive's winners end; event.json carries it as `cutoff`. */
export type ArchiveCutoff = {
  /** Every winner up to this id (0: none) is in the archive. */
  last_winner_id: number;
  /** How many winners the archive holds. */
  winners: number;
};

/** GET /api/admin/event/status/: what the owner is told before confirming a new event, for the event acted on. */
export type EventStatus = {
  /** Visitors holding a prize in it right now (their hold ends when it closes and they are told the event ended). */
  playing_now: number;
  /** Its winners, kept with it when it closes. */
  winners: number;
};

/** POST /api/admin/event/start_new/'s answer (besides `detail`): nothing is deleted, so the `_removed` counts of winners and placements are 0. */
export type NewEventSummary = {
  /** The live copy that now answers the kept addresses. */
  event_id: number;
  event_name: string;
  /** The event that was closed, kept whole with its winners. */
  closed_event_id: number;
  /** Its winners, every one kept in it. */
  winners_kept: number;
  /** Always 0: the closed event keeps its winners. */
  winners_removed: number;
  /** Always 0: the closed event keeps its placements; the copy starts with none. */
  placements_removed: number;
  /** The prizes copied into the new event at full stock (`restore`). */
  prizes_restored: number;
  /** The prizes not carried into the new event (`remove`); they stay in the closed event. */
  prizes_removed: number;
};
