"use client";

import { useEffect, useState } from "react";
import { ApiError } from "@/lib/client/api";
import { readPrizeClock } from "@/lib/client/claim-api";
import { clockTime } from "@/lib/i18n/clock";
import { fill } from "@/lib/i18n/fill";
import type { MyWin } from "@/shared/contracts/winners";
import type { VisitorWords } from "./visitor-words";

/** How often a waiting win with a deadline asks again: the server says when it expired, not the phone. */
const RECHECK_MS = 30_000;

type CollectWords = Pick<VisitorWords, "win" | "locale" | "timeZone">;

/**
 * What a win says about collecting it, on the event's clock: by when and where, that it expired, or when it
 * was handed over; null when there is nothing to say (no deadline, no desk). The win card and "Your prizes"
 * say it alike.
 */
export function collectMessage(win: MyWin, words: CollectWords): string | null {
  const time = (iso: string) => clockTime(new Date(iso), words.locale, words.timeZone);
  const place = win.desk_location;
  if (win.status === "expired" && win.expired_at) return fill(words.win.expired, { time: time(win.collect_by ?? win.expired_at) });
  if (win.status === "received" && win.received_at) return fill(words.win.received, { time: time(win.received_at) });
  if (win.status === "waiting" && win.collect_by) {
    return place
      ? fill(words.win.collectBy, { time: time(win.collect_by), place })
      : fill(words.win.collectByDesk, { time: time(win.collect_by) });
  }
  if (win.status === "waiting" && place) return fill(words.win.collectAt, { place });
  return null;
}

/**
 * Where and by when to collect the win, or that it expired or was handed over: from `my_win` of the page's
 * state call (by the visitor cookie; server-behaviour.md, "Collecting a prize: the deadline"). Nothing is
 * shown until the server answers, nor when it knows no win of this visitor here (a win kept on another
 * phone's cookie) or sets no deadline and no desk.
 */
export function CollectNote({ urlPath, words }: { urlPath: string; words: CollectWords }) {
  const [win, setWin] = useState<MyWin | null>(null);
  useEffect(() => {
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async () => {
      try {
        const { state } = await readPrizeClock(urlPath);
        if (stopped) return;
        setWin(state.my_win ?? null);
        if (state.my_win?.status === "waiting" && state.my_win.collect_by) timer = setTimeout(ask, RECHECK_MS);
      } catch (error) {
        if (stopped) return;
        // The server said no (the page gone, still busy after its retries): nothing to show. No answer (the
        // venue's network): ask again later; the card itself needs no answer.
        if (error instanceof ApiError && error.status !== 0) setWin(null);
        else timer = setTimeout(ask, RECHECK_MS);
      }
    };
    void ask();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [urlPath]);
  if (!win) return null;
  const message = collectMessage(win, words);
  if (!message) return null;
  const expired = win.status === "expired";
  return (
    <p
      data-testid="collect-note"
      data-status={win.status}
      className={`mt-3 rounded-lg px-3 py-2 text-base font-semibold [overflow-wrap:anywhere] ${
        expired ? "bg-red-50 text-red-800 ring-1 ring-red-200" : "bg-prize-50 text-prize-900 ring-1 ring-prize-200"
      }`}
    >
      {message}
    </p>
  );
}
