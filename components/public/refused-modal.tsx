"use client";

import { clockTime, type Refusal, type RuleCode } from "./refusal";
import { NoticeModal } from "./result-modal";

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
    case "rule":
      // Closed hours or the pause: OK reloads, and the page says so in place of the ticket.
      return (
        <NoticeModal
          title={RULE_TITLES[refusal.code]}
          tone="notice"
          buttonLabel="OK"
          onConfirm={refusal.code.startsWith("event_") ? onReload : onClose}
        >
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

export const RULE_TITLES: Record<RuleCode, string> = {
  event_not_started: "Prizes cannot be won yet",
  event_ended: "The event has ended",
  event_paused: "Prizes are paused",
  win_limit: "You have already won",
  hour_budget: "Come back later",
};

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
