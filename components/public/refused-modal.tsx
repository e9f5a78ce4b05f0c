"use client";

import { fill } from "@/lib/i18n/fill";
import { type Refusal, secondClock } from "./refusal";
import { NoticeModal } from "./result-modal";
import type { VisitorWords } from "./visitor-words";

type Words = Pick<VisitorWords, "refused" | "result" | "locale" | "timeZone">;

/**
 * The answer to a refused tap. Spec §4's first-come-first-served-failed modal is for a prize somebody else
 * holds or took, and for a hold that could not be made at all: its OK reloads to show the page as it is
 * now. The visitor's own pause or other hold: OK just closes, the ticket stays for later.
 */
export function RefusedModal({
  refusal,
  words,
  onReload,
  onClose,
}: {
  refusal: Refusal;
  words: Words;
  onReload: () => void;
  onClose: () => void;
}) {
  const said = words.refused;
  const ok = words.result.ok;
  switch (refusal.kind) {
    case "taken":
      return (
        <NoticeModal title={said.takenTitle} tone="failure" buttonLabel={ok} onConfirm={onReload}>
          <p className="text-lg font-semibold text-slate-900">{refusal.message}</p>
          <p>{said.takenBody}</p>
        </NoticeModal>
      );
    case "let_go_recently":
      return (
        <NoticeModal title={said.letGoTitle} tone="notice" buttonLabel={ok} onConfirm={onClose}>
          <p className="text-lg font-semibold text-slate-900">{refusal.message}</p>
          {refusal.tapAgainAt !== null && <p>{fill(said.tapAgainFrom, { time: secondClock(refusal.tapAgainAt, words) })}</p>}
        </NoticeModal>
      );
    case "holding_another":
      return (
        <NoticeModal title={said.holdingAnotherTitle} tone="notice" buttonLabel={ok} onConfirm={onClose}>
          <p className="text-lg font-semibold text-slate-900">{refusal.message}</p>
        </NoticeModal>
      );
    case "rule":
      // Closed hours or the pause: OK reloads, and the page says so in place of the ticket.
      return (
        <NoticeModal
          title={said.rules[refusal.code]}
          tone="notice"
          buttonLabel={ok}
          onConfirm={refusal.code.startsWith("event_") ? onReload : onClose}
        >
          <p className="text-lg font-semibold text-slate-900">{refusal.message}</p>
        </NoticeModal>
      );
    case "unreachable":
      return (
        <NoticeModal title={said.unreachableTitle} tone="failure" buttonLabel={ok} onConfirm={onReload}>
          <p className="text-lg font-semibold text-slate-900">{refusal.message ?? said.unreachableFallback}</p>
          <p>{said.unreachableHint}</p>
        </NoticeModal>
      );
  }
}

/**
 * Spec §4: the hold's time ran out before the form was sent, and the page let it go. The server keeps it
 * from this visitor for as long again (others get a turn first), so the modal says from when they may tap.
 */
export function TimeUpModal({
  seconds,
  tapAgainAt,
  words,
  onConfirm,
}: {
  seconds: number;
  tapAgainAt: number;
  words: Words;
  onConfirm: () => void;
}) {
  return (
    <NoticeModal title={words.refused.timeUpTitle} tone="notice" buttonLabel={words.result.ok} onConfirm={onConfirm}>
      <p className="text-lg font-semibold text-slate-900">{fill(words.refused.timeUpBody, { seconds })}</p>
      <p>{fill(words.refused.timeUpHint, { time: secondClock(tapAgainAt, words) })}</p>
    </NoticeModal>
  );
}
