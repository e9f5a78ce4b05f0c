"use client";

import { useEffect, useRef, useState } from "react";
import { fill } from "@/lib/i18n/fill";
import type { VisitorWords } from "./visitor-words";

function secondsUntil(deadline: number): number {
  return Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
}

/** Screen readers hear the time only at these marks: announcing every second would drown the form. */
const ANNOUNCE_AT = new Set([30, 10]);

/**
 * The hold's visible countdown. It counts to a deadline (the moment the reservation answered plus the
 * server's `seconds_left`) rather than decrementing a counter, so a phone that throttles timers in the
 * background still shows the true time when it comes back. Calls onExpire once, at zero.
 */
export function Countdown({
  deadline,
  total,
  onExpire,
  words,
}: {
  deadline: number;
  total: number;
  onExpire: () => void;
  words: VisitorWords["claim"];
}) {
  const [left, setLeft] = useState(() => secondsUntil(deadline));
  const [announcement, setAnnouncement] = useState("");
  const onExpireRef = useRef(onExpire);
  useEffect(() => {
    onExpireRef.current = onExpire;
  });

  useEffect(() => {
    let expired = false;
    const tick = () => {
      const next = secondsUntil(deadline);
      setLeft(next);
      if (ANNOUNCE_AT.has(next)) setAnnouncement(fill(words.secondsLeftAnnounced, { seconds: next }));
      if (next === 0 && !expired) {
        expired = true;
        window.clearInterval(timer);
        onExpireRef.current();
      }
    };
    // Four times a second: the displayed number changes within a quarter second of the true one.
    const timer = window.setInterval(tick, 250);
    tick();
    return () => window.clearInterval(timer);
  }, [deadline, words]);

  const fraction = total > 0 ? Math.min(1, left / total) : 0;
  const urgent = left <= 10;
  return (
    <div className="rounded-xl bg-slate-100 p-3">
      <div className="flex items-baseline justify-between gap-3">
        <span className="text-sm font-semibold text-slate-700">{words.timeLeft}</span>
        {/* role="timer" is implicitly aria-live="off": the number is there when read, not shouted. */}
        <span
          role="timer"
          aria-label={fill(words.secondsLeft, { seconds: left })}
          className={`text-2xl font-extrabold tabular-nums ${urgent ? "text-red-700" : "text-slate-900"}`}
        >
          {fill(words.secondsShort, { seconds: left })}
        </span>
      </div>
      <div className="mt-2 h-2.5 overflow-hidden rounded-full bg-slate-300" aria-hidden="true">
        <div
          className={`h-full rounded-full transition-[width] duration-300 ease-linear ${urgent ? "bg-red-600" : "bg-emerald-600"}`}
          style={{ width: `${fraction * 100}%` }}
        />
      </div>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
