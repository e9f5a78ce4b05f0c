"use client";

import type { ReactNode } from "react";
import { GiftIcon } from "@/components/ui/icons";
import { Modal } from "@/components/ui/modal";
import type { KeptWin } from "./kept-win";
import { WinCard } from "./win-card";

export const CLAIM_SUCCESS_TITLE = "Congratulations!";
export const CLAIM_SUCCESS_FALLBACK = "Successfully participated in the event!";
export const CLAIM_FAILURE_TITLE = "Oops";
export const CLAIM_FAILURE_FALLBACK = "Failed to participate in the event.";

type Tone = "success" | "failure" | "notice";

// Drawn inline rather than emoji: an event phone or kiosk may lack a colour emoji font.
const ICON: Record<Tone, { glyph: ReactNode; className: string }> = {
  success: { glyph: <GiftIcon className="size-9" />, className: "bg-amber-100 text-rose-700" },
  failure: {
    glyph: (
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        className="size-9"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="12" cy="12" r="9" />
        <path d="M12 7.5v5.5M12 16.5v.01" />
      </svg>
    ),
    className: "bg-slate-100 text-slate-700",
  },
  notice: {
    glyph: (
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        className="size-9"
        aria-hidden="true"
        focusable="false"
      >
        <circle cx="12" cy="13" r="8" />
        <path d="M12 9v4l2.5 2.5M9.5 2.5h5" />
      </svg>
    ),
    className: "bg-slate-100 text-slate-700",
  },
};

/**
 * A message that needs one answer: an alertdialog with a single big button, which also answers Escape
 * (so the visitor can never end up on a page whose state the modal was about to change).
 */
function NoticeModal({
  title,
  tone,
  buttonLabel,
  onConfirm,
  children,
}: {
  title: string;
  tone: Tone;
  buttonLabel: string;
  onConfirm: () => void;
  children: ReactNode;
}) {
  return (
    <Modal open onClose={onConfirm} title={title} role="alertdialog" size="sm" hideCloseButton>
      <div className="flex flex-col items-center text-center">
        <span aria-hidden="true" className={`mb-3 flex size-16 items-center justify-center rounded-full ${ICON[tone].className}`}>
          {ICON[tone].glyph}
        </span>
        <div className="space-y-2 text-base text-slate-700">{children}</div>
        <button
          type="button"
          data-autofocus
          onClick={onConfirm}
          className={`mt-6 h-14 w-full rounded-xl px-6 text-lg font-bold text-white shadow-sm ${tone === "success" ? "bg-rose-700 hover:bg-rose-800" : "bg-slate-900 hover:bg-slate-700"}`}
        >
          {buttonLabel}
        </button>
      </div>
    </Modal>
  );
}

export type ClaimResult = { kind: "success"; message: string; win: KeptWin } | { kind: "failure"; message: string };

/**
 * The server's success detail without its own leading "Congratulations!": the title already says it
 * (spec §8 shows the title and the detail together).
 */
export function successMessage(detail: string | undefined): string {
  const message = (detail ?? "").replace(/^\s*congratulations!?\s*/i, "").trim();
  return message || CLAIM_SUCCESS_FALLBACK;
}

/** The end of a claim: "Congratulations!" with the server's detail and the win to show, or "Oops". */
export function ResultModal({ result, onClose }: { result: ClaimResult; onClose: () => void }) {
  if (result.kind === "success") {
    return (
      <NoticeModal title={CLAIM_SUCCESS_TITLE} tone="success" buttonLabel="OK" onConfirm={onClose}>
        <p className="text-lg font-semibold text-slate-900">{result.message}</p>
        <WinCard win={result.win} />
      </NoticeModal>
    );
  }
  return (
    <NoticeModal title={CLAIM_FAILURE_TITLE} tone="failure" buttonLabel="OK" onConfirm={onClose}>
      <p className="text-lg font-semibold text-slate-900">{result.message}</p>
    </NoticeModal>
  );
}

/**
 * Spec §4's first-come-first-served-failed modal: someone else holds the prize (409), or the hold could
 * not be made at all ("error": no connection, server trouble). OK reloads to show the page as it is now.
 */
export function FirstComeFailedModal({ reason, onConfirm }: { reason: "taken" | "error"; onConfirm: () => void }) {
  if (reason === "error") {
    return (
      <NoticeModal title="Could not hold the prize" tone="failure" buttonLabel="OK" onConfirm={onConfirm}>
        <p className="text-lg font-semibold text-slate-900">We could not reach the server to hold this prize for you.</p>
        <p>Check your connection; OK reloads the page so you can try again.</p>
      </NoticeModal>
    );
  }
  return (
    <NoticeModal title="Someone else got there first" tone="failure" buttonLabel="OK" onConfirm={onConfirm}>
      <p className="text-lg font-semibold text-slate-900">
        Prizes are first come, first served, and another visitor tapped this ticket just before you.
      </p>
      <p>Keep exploring the event: there are more tickets on other product pages.</p>
    </NoticeModal>
  );
}

/** Spec §4: the hold's time (60 s) ran out before the form was sent; the hold has been let go. */
export function TimeUpModal({ seconds, onConfirm }: { seconds: number; onConfirm: () => void }) {
  return (
    <NoticeModal title="Time is up" tone="notice" buttonLabel="OK" onConfirm={onConfirm}>
      <p className="text-lg font-semibold text-slate-900">The {seconds} seconds to claim this prize have run out.</p>
      <p>The prize has been released. If it is still here, you can tap the ticket again.</p>
    </NoticeModal>
  );
}
