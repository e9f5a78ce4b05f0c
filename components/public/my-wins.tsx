"use client";

import { useEffect, useState } from "react";
import { readMyWins } from "@/lib/client/claim-api";
import { clockTime } from "@/lib/i18n/clock";
import { fill } from "@/lib/i18n/fill";
import type { VisitorWin } from "@/shared/contracts/claims";
import { collectMessage } from "./collect-note";
import type { VisitorWords } from "./visitor-words";

const BADGE_LOOK = {
  received: "bg-slate-100 text-slate-700",
  waiting: "bg-emerald-50 text-emerald-800",
  expired: "bg-red-50 text-red-800",
} as const;

/**
 * "Your prizes": this phone's wins made on other stands (the one won here shows its own card), each with
 * where it was won, when, whether it is collected, and a link to its stand's page, where its win card is.
 * Asked of the server after the page is up (never in the page's HTML: the same copy serves every visitor),
 * and only on a phone that keeps a win (prize-claim.tsx). Nothing shows when there is nothing to list.
 */
export default function MyWins({
  urlPath,
  words,
}: {
  urlPath: string;
  words: Pick<VisitorWords, "myWins" | "win" | "locale" | "timeZone">;
}) {
  const [wins, setWins] = useState<VisitorWin[]>([]);
  useEffect(() => {
    readMyWins().then(
      (answer) => setWins(answer.results.filter((win) => win.url_path !== urlPath)),
      // A strip the page can do without: nothing shown.
      () => undefined,
    );
  }, [urlPath]);
  if (wins.length === 0) return null;
  return (
    <section aria-labelledby="my-wins-title" className="mt-6 rounded-2xl bg-white p-4 ring-1 ring-slate-200" data-testid="my-wins">
      <h2 id="my-wins-title" className="text-lg font-bold text-slate-900">
        {words.myWins.title}
      </h2>
      <ul className="mt-2 divide-y divide-slate-100">
        {wins.map((win) => (
          <li key={`${win.won_at}-${win.prize_name}`} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
            <div className="min-w-0">
              <p className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{win.prize_name}</p>
              <p className="text-sm text-slate-600 [overflow-wrap:anywhere]">
                {win.product_name} · {fill(words.win.wonAt, { time: clockTime(new Date(win.won_at), words.locale, words.timeZone) })}
              </p>
              {/* By when and where, on the card itself: no need to open the win card to know it. */}
              {win.status !== "received" && collectMessage(win, words) && (
                <p
                  data-testid="my-win-collect"
                  className={`mt-0.5 text-sm font-semibold [overflow-wrap:anywhere] ${win.status === "expired" ? "text-red-800" : "text-prize-900"}`}
                >
                  {collectMessage(win, words)}
                </p>
              )}
            </div>
            <div className="flex items-center gap-3">
              <span className={`rounded-full px-2.5 py-0.5 text-sm font-semibold ${BADGE_LOOK[win.status]}`}>
                {words.myWins[win.status]}
              </span>
              {win.url_path && (
                <a
                  href={`/p/${encodeURIComponent(win.url_path)}`}
                  className="inline-flex min-h-11 items-center font-semibold text-prize-800 underline decoration-2 underline-offset-4"
                >
                  {words.myWins.showCard}
                </a>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
