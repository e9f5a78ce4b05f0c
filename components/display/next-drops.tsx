"use client";

import { useEffect, useState } from "react";
import { timeLeft } from "@/components/public/drop-countdown";
import { readDisplayClockOffset } from "@/lib/client/display";
import { useRedrawEvery } from "@/lib/client/use-redraw";
import { clockTime } from "@/lib/i18n/clock";
import { fill } from "@/lib/i18n/fill";
import type { DisplayDrop } from "@/shared/contracts/display";
import type { Locale } from "@/shared/i18n/locales";
import type { DisplayWords } from "./display-words";

/** A drop stays on the screen this long after its time, saying "Now!", then makes way for the next. */
const SHOWN_AFTER_MS = 15_000;
/** The offset is measured again this often: a TV's clock may drift through a long day. */
const MEASURE_EVERY_MS = 10 * 60_000;

/**
 * How far this screen's clock is behind the server's (ms to add to Date.now()), from a fresh read of the
 * snapshot (its `now` against the middle of the call). The stream's messages are shared by every screen and
 * may have been read a while ago, so their `now` is not used.
 */
function useServerOffset(token: string): number {
  const [offset, setOffset] = useState(0);
  useEffect(() => {
    let stopped = false;
    const measure = async () => {
      // No answer: the last offset stands until the next measure.
      const measured = await readDisplayClockOffset(token).catch(() => null);
      if (!stopped && measured !== null) setOffset(measured);
    };
    void measure();
    const interval = setInterval(() => void measure(), MEASURE_EVERY_MS);
    return () => {
      stopped = true;
      clearInterval(interval);
    };
  }, [token]);
  return offset;
}

/** The next announced drops with their countdowns, on the server's clock, redrawn every quarter second. */
export function NextDrops({
  token,
  drops,
  words,
  locale,
  timeZone,
  colors,
}: {
  token: string;
  drops: DisplayDrop[];
  words: DisplayWords;
  locale: Locale;
  timeZone: string;
  colors: { panel: string; muted: string; accent: string; row: string };
}) {
  const offset = useServerOffset(token);
  useRedrawEvery(250, drops.length > 0);
  const now = Date.now() + offset;
  const shown = drops.filter((drop) => Date.parse(drop.drops_at) + SHOWN_AFTER_MS > now);
  if (shown.length === 0) return null;
  return (
    <section aria-labelledby="next-drops" className={`rounded-[1.5vh] p-[2.5vh] ${colors.panel}`} data-testid="next-drops">
      <h2 id="next-drops" className="mb-[1.2vh] text-[4vh] font-bold">
        {words.nextDrops}
      </h2>
      <ul className="flex flex-col gap-[1vh]">
        {shown.map((drop) => {
          const left = Date.parse(drop.drops_at) - now;
          return (
            <li
              key={`${drop.drops_at}-${drop.prize_name}-${drop.product_name}`}
              className={`flex items-center justify-between gap-[1vw] rounded-[1vh] px-[1.2vw] py-[0.8vh] ${colors.row}`}
            >
              <span className="min-w-0">
                <span className="block truncate text-[3.4vh] font-bold">{drop.prize_name}</span>
                <span className={`flex gap-[0.6vw] text-[2.6vh] ${colors.muted}`}>
                  <span className="min-w-0 truncate">{fill(words.dropWhere, { product: drop.product_name })}</span>
                  <time dateTime={drop.drops_at} className="shrink-0 tabular-nums">
                    {clockTime(new Date(drop.drops_at), locale, timeZone)}
                  </time>
                </span>
              </span>
              <span className={`shrink-0 text-[5vh] font-black tabular-nums ${colors.accent}`} role="timer">
                {left > 0 ? timeLeft(left) : words.dropNow}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
