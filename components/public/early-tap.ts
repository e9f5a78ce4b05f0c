import { ApiError, cookiesArriveWith } from "@/lib/client/api";
import type { Reservation } from "@/lib/client/claim-api";
import { EARLY_HOLD_NOTE_ID } from "./early-tap-script";

/** The page's side of the early tap: early-tap-script.ts has the inline script, and why it exists. */

type EarlyAnswer = { status: number; body: unknown };
type EarlyWindow = Window & { __earlyHold?: Promise<EarlyAnswer>; __ticketHydrated?: boolean; __ticketTappableAt?: number };

/**
 * Called once React runs the page: from now on taps are React's. Returns the hold an early tap asked for
 * (resolving to the reservation, or rejecting with the ApiError the page's own call would have thrown),
 * or null when nobody tapped early.
 */
export function takeEarlyHold(): Promise<Reservation> | null {
  const w = window as EarlyWindow;
  w.__ticketHydrated = true;
  const early = w.__earlyHold;
  if (!early) return null;
  w.__earlyHold = undefined;
  // Its refusal (428) brings this phone's cookies: the page's first state call waits for them.
  cookiesArriveWith(early);
  return early.then((answer) => {
    document.getElementById(EARLY_HOLD_NOTE_ID)?.remove();
    if (answer.status === 200) return answer.body as Reservation;
    throw new ApiError(answer.status, (answer.body as ApiError["body"]) ?? null);
  });
}
