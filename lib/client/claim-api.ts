import { ApiError, apiFetch, retryWhileBusy } from "@/lib/client/api";
import type { ClaimBody } from "@/lib/validation/claim";
import type { PublicPrizeState, VisitorWins } from "@/shared/contracts/claims";

/** The public reservation calls (spec §7), in one place for the claim flow. */

export type Reservation = { detail: string; reserved_until: string; seconds_left: number };

function claimPath(urlPath: string): string {
  return `/api/p/${encodeURIComponent(urlPath)}/prize/claim/`;
}

/** The reserve's answer to a phone with no visitor id yet: the refusal hands it one, so tap again. */
const NO_VISITOR_ID_YET = 428;

/**
 * Empty body: hold the prize for this visitor (60 s). 409 when someone else holds it or it is gone. The
 * page's first state call hands out the cookies, so a 428 comes to a tap made before that call answered (or
 * a cookie lost since): the refusal sets them, and the second tap carries them.
 */
export async function reservePrize(urlPath: string): Promise<Reservation> {
  const reserve = () => retryWhileBusy(() => apiFetch<Reservation>(claimPath(urlPath), { method: "POST" }));
  try {
    return await reserve();
  } catch (error) {
    if (error instanceof ApiError && error.status === NO_VISITOR_ID_YET) return reserve();
    throw error;
  }
}

/** This phone's wins, newest first (by its visitor cookie). */
export function readMyWins(): Promise<VisitorWins> {
  return retryWhileBusy(() => apiFetch<VisitorWins>("/api/p/my-wins/", {}, { redirectOn404: false }));
}

/** Nickname and password (already trimmed by claimBody): turn the hold into a win. */
export function claimPrize(urlPath: string, body: ClaimBody): Promise<{ detail?: string; prize_name?: string }> {
  return apiFetch<{ detail?: string; prize_name?: string }>(claimPath(urlPath), { method: "POST", json: body });
}

/**
 * Let go of the hold so the next visitor can have it. Failure is not the visitor's problem: the hold
 * expires on its own, so errors are swallowed. `keepalive` lets it finish while the page is unloading;
 * `leaving` (the page going away, maybe to be reloaded) keeps the hold a few seconds for the reloaded page.
 */
export function cancelHold(
  urlPath: string,
  { keepalive = false, leaving = false }: { keepalive?: boolean; leaving?: boolean } = {},
): Promise<void> {
  return apiFetch<unknown>(claimPath(urlPath), { method: "PATCH", keepalive, ...(leaving ? { json: { leaving: true } } : {}) }).then(
    () => undefined,
    () => undefined,
  );
}

/** GET /api/p/{urlPath}/prize/: the page's state now, with the server's clock (`now`) and any announced drop. */
export type PrizeState = {
  has_prize: boolean;
  is_reserved: boolean;
  event_state: string;
  drops_at: string | null;
  now: string;
};

/**
 * The page's state, and how far this phone's clock is behind the server's (ms, to add to Date.now()): the
 * server's `now` against the middle of the call, so a phone set minutes wrong still counts down right.
 * `view`: the page view's first call, which counts the funnel's scan (pageViewState, below).
 */
export async function readPrizeClock(
  urlPath: string,
  { view = false } = {},
): Promise<{ state: PrizeState & PublicPrizeState; offset: number }> {
  let sent = Date.now();
  const address = `/api/p/${encodeURIComponent(urlPath)}/prize/${view ? "?view=1" : ""}`;
  const state = await retryWhileBusy(() => {
    sent = Date.now();
    return apiFetch<PrizeState & PublicPrizeState>(address, {}, { redirectOn404: false });
  });
  const received = Date.now();
  return { state, offset: Date.parse(state.now) - (sent + received) / 2 };
}

const firstCalls = new Map<string, Promise<{ state: PrizeState & PublicPrizeState; offset: number }>>();

/**
 * The page's first state call, made once as it comes alive and shared by whoever asks (the page's own
 * check, the drop's countdown): it hands a new visitor the cookies, the server's clock and the page's true
 * state (its HTML may come from a cache up to a second old), and counts the scan (`?view=1`) unless this
 * view was already counted (`counted`: the page reloaded itself to catch up with its state).
 */
export function pageViewState(
  urlPath: string,
  { counted = false } = {},
): Promise<{ state: PrizeState & PublicPrizeState; offset: number }> {
  let call = firstCalls.get(urlPath);
  if (!call) {
    call = readPrizeClock(urlPath, { view: !counted });
    firstCalls.set(urlPath, call);
    // Failed (no answer): the next ask is the first call again, and counts the scan then.
    call.catch(() => firstCalls.delete(urlPath));
  }
  return call;
}
