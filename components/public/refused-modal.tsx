"use client";

import { ApiError, errorMessage } from "@/lib/client/api";
import { RESERVE_REFUSAL_REASONS } from "@/lib/contracts/claims";
import { NoticeModal } from "./result-modal";

/**
 * Why a tap did not get the prize, as the server said (its 409 `reason` and `detail`). Only "taken" is
 * somebody else's doing; the visitor's own pause after letting the prize go, or a prize held on another
 * page, are said as such, with the server's own words.
 */
export type Refusal =
  | { kind: "taken"; message: string }
  | { kind: "let_go_recently"; message: string; tapAgainAt: number | null }
  | { kind: "holding_another"; message: string }
  | { kind: "unreachable"; message: string | null };

/** The refusal a failed reserve call means. `tapAgainAt`: when this page's visitor may tap again, if it knows. */
export function refusalOf(error: unknown, tapAgainAt: number | null): Refusal {
  if (!(error instanceof ApiError) || error.status !== 409) {
    // No answer, or the server in trouble (its 503 says so in its detail).
    const detail = error instanceof ApiError ? error.body?.detail : undefined;
    return { kind: "unreachable", message: typeof detail === "string" && detail ? detail : null };
  }
  const message = errorMessage(error, "Sorry, someone else got there first.");
  const reason = RESERVE_REFUSAL_REASONS.find((known) => known === error.body?.reason) ?? "taken";
  if (reason === "let_go_recently") return { kind: reason, message, tapAgainAt };
  return { kind: reason, message };
}

/** A time of day to the second, as the phone shows its clock: "14:03:25". */
export const clockTime = (at: number) =>
  new Date(at).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" });

/**
 * The answer to a refused tap. Spec §4's first-come-first-served-failed modal is for a prize somebody else
 * holds or took, and for a hold that could not be made at all: its OK reloads to show the page as it is
 * now. The visitor's own pause or other hold: OK just closes, the ticket stays for later.
 */
export function RefusedModal({ refusal, onReload, onClose }: { refusal: Refusal; onReload: () => void; onClose: () => void }) {
  switch (refusal.kind) {
    case "taken":
      return (
        <NoticeModal title="Someone else got there first" tone="failure" buttonLabel="OK" onConfirm={onReload}>
          <p className="text-lg font-semibold text-slate-900">{refusal.message}</p>
          <p>Prizes are first come, first served. Keep exploring the event: there are more tickets on other product pages.</p>
        </NoticeModal>
      );
    case "let_go_recently":
      return (
        <NoticeModal title="Others get a turn first" tone="notice" buttonLabel="OK" onConfirm={onClose}>
          <p className="text-lg font-semibold text-slate-900">{refusal.message}</p>
          {refusal.tapAgainAt !== null && <p>You can tap the ticket again from {clockTime(refusal.tapAgainAt)}, if it is still here.</p>}
        </NoticeModal>
      );
    case "holding_another":
      return (
        <NoticeModal title="You are holding another prize" tone="notice" buttonLabel="OK" onConfirm={onClose}>
          <p className="text-lg font-semibold text-slate-900">{refusal.message}</p>
        </NoticeModal>
      );
    case "unreachable":
      return (
        <NoticeModal title="Could not hold the prize" tone="failure" buttonLabel="OK" onConfirm={onReload}>
          <p className="text-lg font-semibold text-slate-900">
            {refusal.message ?? "We could not reach the server to hold this prize for you."}
          </p>
          <p>Check your connection; OK reloads the page so you can try again.</p>
        </NoticeModal>
      );
  }
}

/**
 * Spec §4: the hold's time ran out before the form was sent, and the page let it go. The server keeps it
 * from this visitor for as long again (others get a turn first), so the modal says from when they may tap.
 */
export function TimeUpModal({ seconds, tapAgainAt, onConfirm }: { seconds: number; tapAgainAt: number; onConfirm: () => void }) {
  return (
    <NoticeModal title="Time is up" tone="notice" buttonLabel="OK" onConfirm={onConfirm}>
      <p className="text-lg font-semibold text-slate-900">The {seconds} seconds to claim this prize have run out.</p>
      <p>
        The prize has been released, and other visitors get a turn first: you can tap the ticket again from {clockTime(tapAgainAt)}, if it
        is still here.
      </p>
    </NoticeModal>
  );
}
