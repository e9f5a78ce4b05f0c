import type { ClaimDraft } from "./claim-draft";
import type { Refusal } from "./refusal";
import type { ClaimResult } from "./result-modal";

/**
 * The claim flow's state (spec §4), one step at a time: tap -> hold -> form with the countdown -> claim ->
 * result, and every way out of it. A pure reducer, so each transition is tested on its own
 * (tests/unit/claim-flow.test.ts); the component (prize-claim.tsx) does the calls and dispatches what came back.
 */
type ClaimPhase =
  | { name: "idle" }
  | { name: "reserving" }
  | { name: "claiming"; deadline: number; seconds: number; holdUntil: string; draft: ClaimDraft | null }
  | { name: "result"; result: ClaimResult }
  | { name: "refused"; refusal: Refusal }
  | { name: "expired"; tapAgainAt: number };

export type ClaimFlow = {
  phase: ClaimPhase;
  /** A message above the form (no answer from the server: the hold is probably still ours). */
  formError: string | undefined;
  /** The page was rendered held, and the hold turned out to be this visitor's (back after a reload). */
  ownHold: boolean;
};

export type ClaimEvent =
  | { type: "tapped" }
  | { type: "ownHoldFound" }
  /** The hold is the visitor's for `secondsLeft` more (the server's count, measured on this device from `now`). */
  | { type: "held"; secondsLeft: number; holdUntil: string; draft: ClaimDraft | null; now: number }
  | { type: "holdRefused"; refusal: Refusal }
  | { type: "claimStarted" }
  | { type: "claimUnanswered"; message: string }
  | { type: "claimEnded"; result: ClaimResult }
  /** The visitor closed the form: the hold is let go. */
  | { type: "closed" }
  /** The countdown ran out: the hold is let go; the same prize can be tapped again `holdSeconds` later. */
  | { type: "timeUp"; now: number; holdSeconds: number }
  /** A modal (result, refusal, time up) was dismissed. */
  | { type: "dismissed" };

export const initialClaimFlow: ClaimFlow = { phase: { name: "idle" }, formError: undefined, ownHold: false };

export function claimFlow(state: ClaimFlow, event: ClaimEvent): ClaimFlow {
  switch (event.type) {
    case "tapped":
      return { ...state, phase: { name: "reserving" }, formError: undefined };
    case "ownHoldFound":
      return { ...state, ownHold: true };
    case "held": {
      const seconds = Math.max(0, event.secondsLeft);
      const deadline = event.now + seconds * 1000;
      return { ...state, phase: { name: "claiming", deadline, seconds, holdUntil: event.holdUntil, draft: event.draft } };
    }
    case "holdRefused":
      return { ...state, phase: { name: "refused", refusal: event.refusal } };
    case "claimStarted":
      return { ...state, formError: undefined };
    case "claimUnanswered":
      return { ...state, formError: event.message };
    case "claimEnded":
      return { ...state, phase: { name: "result", result: event.result } };
    case "closed":
      return { ...state, phase: { name: "idle" }, formError: undefined };
    case "timeUp":
      // Only a form still open runs out: an answer that came first (a win) stands.
      if (state.phase.name !== "claiming") return state;
      return { ...state, phase: { name: "expired", tapAgainAt: event.now + event.holdSeconds * 1000 } };
    case "dismissed":
      return { ...state, phase: { name: "idle" } };
  }
}

/** What the prize region shows, in order of precedence. */
export type PrizeRegion = "win" | "ticket" | "nothing" | "dropCountdown" | "standing";

export function prizeRegion(
  flow: ClaimFlow,
  page: { won: boolean; ticketShown: boolean; dropPending: boolean; dropAnnounced: boolean },
): PrizeRegion {
  if (page.won) return "win";
  if (page.ticketShown) return "ticket";
  // The visitor's own hold is being taken back after a reload: the form opens over an empty region.
  if (flow.ownHold && flow.phase.name !== "idle") return "nothing";
  if (page.dropPending && page.dropAnnounced) return "dropCountdown";
  return "standing";
}
