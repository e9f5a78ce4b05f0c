"use client";

import { useEffect, useState } from "react";
import { pageViewState, readPrizeClock } from "@/lib/client/claim-api";
import { useRedrawEvery } from "@/lib/client/use-redraw";
import { fill } from "@/lib/i18n/fill";
import { viewCounted } from "./page-view";
import type { VisitorWords } from "./visitor-words";

/** How often the countdown redraws: a quarter of a second keeps the ticket within 1 s of the drop. */
const TICK_MS = 250;
/** After a failed state call, ask again this soon. */
const RETRY_MS = 1000;

export type DropPhase = { kind: "waiting"; target: number; offset: number } | { kind: "unknown" } | { kind: "dropped" };

/**
 * An announced drop on this page: counts down on the server's clock, never the phone's. The cached page
 * knows only the drop's time; the state call (`now`) gives the clock's offset. At zero it asks again: the
 * ticket shows once the server says the prize can be held (`dropped`); a drop moved later counts down
 * again; anything else (cancelled, taken in the same instant, the event paused) reloads the page, whose
 * copy for the new state then says so.
 */
export function useDrop(urlPath: string, dropsAt: string | null): DropPhase {
  const [phase, setPhase] = useState<DropPhase>(dropsAt ? { kind: "unknown" } : { kind: "dropped" });

  useEffect(() => {
    if (!dropsAt) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The first ask is the page view's first state call (shared with prize-claim.tsx), until one answers.
    let answered = false;
    const ask = async () => {
      try {
        const { state, offset } = await (answered ? readPrizeClock(urlPath) : pageViewState(urlPath, { counted: viewCounted(urlPath) }));
        answered = true;
        if (stopped) return;
        if (state.has_prize && !state.is_reserved) {
          setPhase({ kind: "dropped" });
          return;
        }
        if (state.drops_at) {
          const target = Date.parse(state.drops_at);
          setPhase({ kind: "waiting", target, offset });
          // Ask again at the drop's time on the server's clock (at least a tick from now).
          timer = setTimeout(ask, Math.max(TICK_MS / 2, target - (Date.now() + offset)));
          return;
        }
        window.location.reload();
      } catch {
        if (!stopped) timer = setTimeout(ask, RETRY_MS);
      }
    };
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [urlPath, dropsAt]);

  return phase;
}

/** "4:05", "1:02:09": what is left, in whole seconds rounded up (so 0:00 shows at the drop itself). */
export function timeLeft(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n: number) => String(n).padStart(2, "0");
  return hours > 0 ? `${hours}:${two(minutes)}:${two(seconds)}` : `${minutes}:${two(seconds)}`;
}

/** The big digits under the drop's note, redrawn every quarter second from the server's clock. */
export function DropCountdown({ phase, words }: { phase: DropPhase; words: VisitorWords["drop"] }) {
  useRedrawEvery(TICK_MS, phase.kind === "waiting");
  const left = phase.kind === "waiting" ? phase.target - (Date.now() + phase.offset) : null;
  return (
    <div className="mt-4 rounded-2xl bg-prize-50 p-4 text-center ring-2 ring-prize-200" data-drop-countdown="">
      <p className="text-base font-bold text-prize-800">{words.countdown}</p>
      {left === null || left > 0 ? (
        <p
          role="timer"
          aria-label={left === null ? words.countdown : fill(words.timeLeft, { time: timeLeft(left) })}
          className="mt-1 text-5xl font-black tabular-nums text-prize-800 sm:text-6xl"
        >
          {left === null ? "–:––" : timeLeft(left)}
        </p>
      ) : (
        <p role="status" className="mt-1 text-2xl font-extrabold text-prize-800">
          {words.now}
        </p>
      )}
    </div>
  );
}
