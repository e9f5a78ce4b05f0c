"use client";

import type { ReactNode } from "react";
import { NativeModal } from "@/components/ui/native-modal";
import { FailureIcon, GiftIcon, TimerIcon } from "@/components/ui/page-icons";
import type { KeptWin } from "./kept-win";
import type { VisitorWords } from "./visitor-words";
import { WinCard } from "./win-card";

export type Tone = "success" | "failure" | "notice";

// Inline SVG rather than emoji: an event phone or kiosk may lack a colour emoji font.
const ICON: Record<Tone, { glyph: ReactNode; className: string }> = {
  success: { glyph: <GiftIcon className="size-9" />, className: "bg-amber-100 text-prize-700" },
  failure: { glyph: <FailureIcon className="size-9" />, className: "bg-slate-100 text-slate-700" },
  notice: { glyph: <TimerIcon className="size-9" />, className: "bg-slate-100 text-slate-700" },
};

/**
 * A message that needs one answer: an alertdialog with a single big button, which also answers Escape
 * (so the visitor can never end up on a page whose state the modal was about to change).
 */
export function NoticeModal({
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
    <NativeModal open onClose={onConfirm} title={title} role="alertdialog" size="sm" hideCloseButton>
      <div className="flex flex-col items-center text-center">
        <span aria-hidden="true" className={`mb-3 flex size-16 items-center justify-center rounded-full ${ICON[tone].className}`}>
          {ICON[tone].glyph}
        </span>
        <div className="space-y-2 text-base text-slate-700">{children}</div>
        <button
          type="button"
          data-autofocus
          onClick={onConfirm}
          className={`mt-6 h-14 w-full rounded-xl px-6 text-lg font-bold text-white shadow-sm ${tone === "success" ? "bg-prize-700 hover:bg-prize-800" : "bg-slate-900 hover:bg-slate-700"}`}
        >
          {buttonLabel}
        </button>
      </div>
    </NativeModal>
  );
}

/** A failure's `title` replaces "Oops" when the cause has a name (the event has ended). */
export type ClaimResult = { kind: "success"; message: string; win: KeptWin } | { kind: "failure"; message: string; title?: string };

/**
 * The server's success detail without its own leading "Congratulations!" (in the visitor's language): the
 * title already says it (spec §8 shows the title and the detail together).
 */
export function successMessage(detail: string | undefined, words: VisitorWords["result"]): string {
  const trimmed = (detail ?? "").trim();
  const title = words.successTitle.replace(/!$/, "");
  const message = trimmed.toLowerCase().startsWith(title.toLowerCase()) ? trimmed.slice(title.length).replace(/^!?\s*/, "") : trimmed;
  return message || words.successFallback;
}

/** The end of a claim: "Congratulations!" with the server's detail and the win to show, or "Oops". */
export function ResultModal({
  result,
  words,
  onClose,
  urlPath,
}: {
  result: ClaimResult;
  words: VisitorWords;
  onClose: () => void;
  urlPath?: string;
}) {
  if (result.kind === "success") {
    return (
      <NoticeModal title={words.result.successTitle} tone="success" buttonLabel={words.result.ok} onConfirm={onClose}>
        <p className="text-lg font-semibold text-slate-900">{result.message}</p>
        <WinCard win={result.win} words={words} urlPath={urlPath} />
      </NoticeModal>
    );
  }
  return (
    <NoticeModal title={result.title ?? words.result.failureTitle} tone="failure" buttonLabel={words.result.ok} onConfirm={onClose}>
      <p className="text-lg font-semibold text-slate-900">{result.message}</p>
    </NoticeModal>
  );
}
