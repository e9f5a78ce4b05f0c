"use client";

import { lazy, type ReactNode, Suspense, useCallback, useEffect, useReducer, useRef, useState } from "react";
import { NativeModal } from "@/components/ui/native-modal";
import { ApiError, errorMessage, firstMessage } from "@/lib/client/api";
import { cancelHold, claimPrize, pageViewState, type Reservation, reservePrize } from "@/lib/client/claim-api";
import { fill } from "@/lib/i18n/fill";
import type { ClaimBody } from "@/lib/validation/claim";
import { privacyNoticePath } from "@/shared/urls/products";
import { type PrizeState, prizeStateOf } from "@/shared/urls/public-page-cache";
import { type ClaimDraft, dropClaimDraft, keepClaimDraft, readClaimDraft } from "./claim-draft";
import { claimFlow, initialClaimFlow, prizeRegion } from "./claim-flow";
import type { ClaimFieldErrors } from "./claim-form";
import { Countdown } from "./countdown";
import { DropCountdown, useDrop } from "./drop-countdown";
import { takeEarlyHold } from "./early-tap";
import { type KeptWin, keepsAnyWin, keepWin, readKeptWin } from "./kept-win";
import { catchUpWithState, caughtUp, viewCounted } from "./page-view";
import { Note } from "./prize-note";
import { type ImageState, ProductImage } from "./product-image";
import { refusalOf } from "./refusal";
import { RefusedModal, TimeUpModal } from "./refused-modal";
import { ResultModal, successMessage } from "./result-modal";
import { TicketButton } from "./ticket-button";
import type { TicketParts, VisitorWords } from "./visitor-words";
import { WinCard } from "./win-card";

export type PrizeClaimProps = {
  urlPath: string;
  productName: string;
  image: string | null;
  /**
   * The prize waiting here, its ticket's parts rendered on the server; null when there is no ticket to tap
   * (then `standing`, rendered on the server too, says why: the event closed, someone holding it, none here).
   */
  ticket: TicketParts | null;
  standing: ReactNode;
  /**
   * The page was rendered with its prize held by someone: maybe this visitor, back after a reload. The page
   * then asks the state call whose hold it is, and reopens the form if it is theirs.
   */
  heldHere?: boolean;
  /**
   * An announced drop still to come (ISO 8601): `standing` says its time, and `ticket` shows once the
   * countdown, on the server's clock, reaches it and the server agrees (drop-countdown.tsx).
   */
  dropsAt?: string | null;
  /**
   * The prize state this HTML shows (shared/urls/public-page-cache.ts). The HTML is shared and may be up to a
   * second old; the page's first state call says the true one, and the page catches up if they differ.
   */
  shownState: PrizeState;
  /** RESERVATION_SECONDS: how long a tap holds the prize. */
  holdSeconds: number;
  /** The claim form asks for consent and "14 or older" (the organiser's `consent_required`). */
  consentRequired?: boolean;
  /** Everything this island says, in the visitor's language (visitor-words.ts). */
  words: VisitorWords;
  /**
   * An admin's preview of an event's page (`?event=`): no state call (it would count a view, and answer for
   * whichever event's page the address answers scans with), so the page stays as rendered.
   */
  preview?: boolean;
  /** The product's name and description, rendered on the server. */
  children: ReactNode;
};

// This phone's wins from other stands: fetched, with its words' code, only on a phone that keeps a win.
const MyWins = lazy(() => import("./my-wins"));

// The form brings react-hook-form and zod, most of this page's JavaScript. It is fetched only once a
// ticket is on screen (and tapping waits for the reservation anyway), so the page itself stays small.
const loadClaimForm = () => import("./claim-form");
// One retry: a dropped chunk on a flaky event network should not cost the visitor a held prize.
const ClaimForm = lazy(() =>
  loadClaimForm()
    .catch(loadClaimForm)
    .then((module) => ({ default: module.ClaimForm })),
);

/**
 * The page's only client island: the product picture (the ticket waits for it, spec §2) and the whole
 * reservation flow of spec §4. Tap the ticket -> hold (POST, empty body) -> form with the countdown ->
 * claim (POST {name, password}) -> result. Every way out of the form without a win lets go of the hold.
 */
export function PrizeClaim({
  urlPath,
  productName,
  image,
  ticket,
  standing,
  heldHere = false,
  dropsAt = null,
  shownState,
  holdSeconds,
  consentRequired = false,
  words,
  preview = false,
  children,
}: PrizeClaimProps) {
  const drop = useDrop(urlPath, dropsAt);
  const dropPending = drop.kind !== "dropped";
  const [imageState, setImageState] = useState<ImageState>(image ? "loading" : "loaded");
  const [flow, dispatch] = useReducer(claimFlow, initialClaimFlow);
  const { phase, formError } = flow;
  // A win made on this phone, kept across reloads and later scans (kept-win.ts); read after hydration.
  const [kept, setKept] = useState<KeptWin | null>(null);
  const [keepsWins, setKeepsWins] = useState(false);
  useEffect(() => {
    setKept(readKeptWin(urlPath));
    setKeepsWins(keepsAnyWin());
  }, [urlPath]);
  const claimed = kept !== null;
  // Refs, not state: a second tap or an Escape can arrive before React re-renders with the new phase.
  const busy = useRef(false);
  // The visitor has tapped (or the page took their hold back): the page then never reloads itself.
  const tapped = useRef(false);
  const submitting = useRef(false);
  // When this visitor last let a hold go (closed the form, or its time ran out): the server refuses them this
  // prize for holdSeconds after that (docs/server-behaviour.md), and the refusal can then say until when.
  const letGoAt = useRef<number | null>(null);
  const holding = phase.name === "claiming";

  const onImageState = useCallback((state: ImageState) => setImageState(state), []);

  // While the visitor holds the prize, leaving the page must give it back (spec §4): the browser asks
  // first, and if they leave anyway a keepalive PATCH survives the unload. pagehide, not unload: it also
  // fires when a phone discards the page, and does not spoil the back/forward cache. A reload looks the
  // same from here, so the PATCH says `leaving`: the server keeps the hold a few seconds more, and the
  // reloaded page takes it back (below).
  useEffect(() => {
    if (!holding) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    const onPageHide = () => void cancelHold(urlPath, { keepalive: true, leaving: true });
    window.addEventListener("beforeunload", onBeforeUnload);
    window.addEventListener("pagehide", onPageHide);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      window.removeEventListener("pagehide", onPageHide);
    };
  }, [holding, urlPath]);

  async function tapTicket() {
    await holdPrize(() => reservePrize(urlPath));
  }

  /** Takes the hold (a tap now, or one made before React ran) and opens the form, or says why not. */
  async function holdPrize(request: () => Promise<Reservation>) {
    if (busy.current) return;
    busy.current = true;
    tapped.current = true;
    dispatch({ type: "tapped" });
    try {
      const hold = await request();
      // Count to a deadline measured on this device from the server's seconds_left: immune to clock skew.
      // The same hold after a reload mid-form: what was typed during it comes back (claim-draft.ts).
      const holdUntil = hold.reserved_until;
      dispatch({ type: "held", secondsLeft: hold.seconds_left, holdUntil, draft: readClaimDraft(urlPath, holdUntil), now: Date.now() });
    } catch (error) {
      // The page is gone (apiFetch is already on its way to /not-found; an early tap's answer is not).
      if (error instanceof ApiError && error.status === 404) {
        window.location.assign("/not-found");
        return;
      }
      const tapAgainAt = letGoAt.current === null ? null : letGoAt.current + holdSeconds * 1000;
      dispatch({ type: "holdRefused", refusal: refusalOf(error, tapAgainAt, words.taken) });
    } finally {
      busy.current = false;
    }
  }

  // A tap made before React ran (early-tap-script.ts) is answered now; from here on taps are React's.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page comes alive.
  useEffect(() => {
    const early = takeEarlyHold();
    if (early) void holdPrize(() => early);
  }, []);

  // The page view's first state call (claim-api.ts: cookies, clock, true state, the scan counted).
  // Rendered with the prize held: if the hold is this visitor's (a reload mid-form), the form comes back
  // with the seconds left, asked for again as a tap would (the same hold, its first end: never extended).
  // Otherwise, shown a state the page no longer is in (its HTML came from a cache a moment before a
  // change), it reloads once that copy has expired (page-view.ts). An announced drop's countdown asks for
  // itself (drop-countdown.tsx); a visitor who tapped, or won here, is never reloaded under their finger.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page comes alive.
  useEffect(() => {
    if (preview) return;
    pageViewState(urlPath, { counted: viewCounted(urlPath) }).then(
      ({ state }) => {
        if (heldHere && state.my_hold) {
          dispatch({ type: "ownHoldFound" });
          void holdPrize(() => reservePrize(urlPath));
          return;
        }
        // No hold of theirs to come back to: nothing typed for one is kept.
        if (!state.my_hold) dropClaimDraft(urlPath);
        const stateNow = prizeStateOf(state);
        if (stateNow === shownState || shownState === "drop" || state.my_hold) return caughtUp(urlPath);
        if (tapped.current || readKeptWin(urlPath)) return;
        catchUpWithState(urlPath, () => !tapped.current);
      },
      // Not known: the page stays as rendered, as before.
      () => undefined,
    );
  }, []);

  async function submitClaim(values: ClaimBody): Promise<ClaimFieldErrors | undefined> {
    submitting.current = true;
    dispatch({ type: "claimStarted" });
    try {
      const won = await claimPrize(urlPath, values);
      const win: KeptWin = {
        prizeName: won?.prize_name || productName,
        nickname: values.name,
        password: values.password,
        wonAt: new Date().toISOString(),
      };
      keepWin(urlPath, win);
      dropClaimDraft(urlPath);
      setKept(win);
      dispatch({ type: "claimEnded", result: { kind: "success", message: successMessage(won?.detail, words.result), win } });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (error.status === 404) return;
      // No answer at all: the hold is probably still ours, so let the visitor simply try again.
      if (error.status === 0) {
        dispatch({ type: "claimUnanswered", message: words.claim.networkTrouble });
        return;
      }
      if (error.status === 400) {
        const fields: ClaimFieldErrors = {
          name: firstMessage(error.body?.name),
          password: firstMessage(error.body?.password),
          consent: firstMessage(error.body?.consent),
          age_confirmed: firstMessage(error.body?.age_confirmed),
        };
        if (Object.values(fields).some(Boolean)) return fields;
      }
      // The hold is gone (409) or the server failed; free whatever is left of it, then say so.
      void cancelHold(urlPath);
      dropClaimDraft(urlPath);
      // A new event was started while this visitor held the prize: the title says so too.
      const title = error.body?.code === "event_ended" ? words.refused.rules.event_ended : undefined;
      dispatch({ type: "claimEnded", result: { kind: "failure", message: errorMessage(error, words.result.failureFallback), title } });
    } finally {
      submitting.current = false;
    }
  }

  function closeClaim() {
    // Mid-submit the answer decides what happens; closing now could cancel a hold that is being won.
    if (submitting.current) return;
    void cancelHold(urlPath);
    dropClaimDraft(urlPath);
    letGoAt.current = Date.now();
    dispatch({ type: "closed" });
  }

  const onExpire = useCallback(() => {
    if (submitting.current) return;
    void cancelHold(urlPath);
    dropClaimDraft(urlPath);
    const now = Date.now();
    letGoAt.current = now;
    dispatch({ type: "timeUp", now, holdSeconds });
  }, [urlPath, holdSeconds]);

  const holdUntil = phase.name === "claiming" ? phase.holdUntil : null;
  const onDraft = useCallback(
    (draft: ClaimDraft) => {
      if (holdUntil) keepClaimDraft(urlPath, holdUntil, draft);
    },
    [urlPath, holdUntil],
  );

  const reload = () => window.location.reload();
  // The prize is announced in the server's HTML (so a slow phone sees it with the first paint) and the ticket takes a tap from then on: the
  // inline early-tap script until React runs, React's handler after. It does not wait for the picture:
  // spec §2's "after the image has loaded" is about no prize announced over a spinner, so beside a ticket
  // the picture's frame is a still placeholder of its size until the picture is in (no spinner beside a prize that can already be tapped).
  const ticketShown = ticket !== null && !claimed && !dropPending;
  const region = prizeRegion(flow, { won: claimed, ticketShown, dropPending, dropAnnounced: Boolean(dropsAt) });

  useEffect(() => {
    if (ticketShown) void loadClaimForm().catch(() => undefined);
  }, [ticketShown]);

  /** The prize region's content (claim-flow.ts, `prizeRegion`, says which). */
  function regionContent(): ReactNode {
    switch (region) {
      case "win":
        return kept ? (
          <Note tone="success" title={fill(words.youWon, { prize: kept.prizeName })}>
            <WinCard win={kept} words={words} urlPath={urlPath} />
          </Note>
        ) : null;
      case "ticket":
        return ticket ? <TicketButton ticket={ticket} reserving={phase.name === "reserving"} onTap={tapTicket} /> : null;
      case "nothing":
        return null;
      case "dropCountdown":
        return (
          <div data-drop-at={dropsAt ?? undefined}>
            {standing}
            <DropCountdown phase={drop} words={words.drop} />
          </div>
        );
      default:
        return standing;
    }
  }

  return (
    <div className="md:grid md:grid-cols-2 md:items-start md:gap-10">
      <ProductImage
        src={image}
        alt={productName}
        state={imageState}
        onStateChange={onImageState}
        stillWhileLoading={ticketShown}
        words={words}
      />

      <div className="mt-4 md:mt-0">
        {children}

        {/* Polite live region: the ticket appears after the picture, and screen readers should hear it. */}
        <section aria-live="polite" aria-label={words.prizeRegion} className="mt-5">
          {regionContent()}
        </section>
        {keepsWins && (
          <Suspense fallback={null}>
            <MyWins urlPath={urlPath} words={words} />
          </Suspense>
        )}
      </div>

      <NativeModal
        open={phase.name === "claiming"}
        onClose={closeClaim}
        title={words.claim.title}
        size="sm"
        closeLabel={words.claim.closeLabel}
        closeOnBackdrop={false}
      >
        {phase.name === "claiming" && (
          <div className="-mt-4 space-y-4">
            {/* Stays at the top of the sheet while it scrolls under the phone's keyboard. */}
            <div className="sticky -top-4 z-10 -mx-5 bg-white px-5 pt-4 pb-1 sm:-mx-6 sm:px-6">
              <Countdown deadline={phase.deadline} total={phase.seconds} onExpire={onExpire} words={words.claim} />
            </div>
            <p className="text-base text-slate-700">{words.claim.intro}</p>
            <Suspense
              fallback={
                <div role="status" className="flex h-72 items-center justify-center gap-3 text-slate-700">
                  <span className="size-8 animate-spin rounded-full border-4 border-slate-200 border-t-prize-700" aria-hidden="true" />
                  {words.claim.loadingForm}
                </div>
              }
            >
              <ClaimForm
                onSubmit={submitClaim}
                onCancel={closeClaim}
                formError={formError}
                words={words.claim}
                consent={consentRequired ? words.privacy : undefined}
                noticeHref={privacyNoticePath(urlPath)}
                draft={phase.draft}
                onDraft={onDraft}
              />
            </Suspense>
          </div>
        )}
      </NativeModal>
      {phase.name === "result" && (
        <ResultModal
          urlPath={urlPath}
          result={phase.result}
          words={words}
          onClose={phase.result.kind === "success" ? () => dispatch({ type: "dismissed" }) : reload}
        />
      )}
      {phase.name === "refused" && (
        <RefusedModal refusal={phase.refusal} words={words} onReload={reload} onClose={() => dispatch({ type: "dismissed" })} />
      )}
      {phase.name === "expired" && (
        <TimeUpModal seconds={holdSeconds} tapAgainAt={phase.tapAgainAt} words={words} onConfirm={() => dispatch({ type: "dismissed" })} />
      )}
    </div>
  );
}
