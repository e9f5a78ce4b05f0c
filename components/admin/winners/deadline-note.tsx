"use client";

import type { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import type { WinnerRow } from "@/shared/contracts/winners";

type Words = ReturnType<typeof useTranslations<"admin.winners">>;
type Moment = (iso: string) => string;

/** How often the minutes left are counted again: a minute's precision is all the desk needs. */
const TICK_MS = 15_000;

/** The time now, moved on every TICK_MS, so a waiting win's minutes left count down without a reload. */
function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/**
 * A winner's collection deadline at the desk (server-behaviour.md, "Collecting a prize: the deadline"):
 * "Collect by 14:35 · 12 min left" while waiting, marked red once expired (or past its time, which the
 * server's sweep makes expired within seconds). Nothing for a received win or one with no deadline.
 */
export function DeadlineNote({ winner, t, moment }: { winner: WinnerRow; t: Words; moment: Moment }) {
  const now = useNow();
  if (winner.status === "expired") {
    return (
      <span
        data-testid="deadline"
        className="mt-1 inline-flex rounded-lg bg-red-50 px-2 py-1 text-xs font-semibold whitespace-nowrap text-red-800 ring-1 ring-red-200"
      >
        {t("deadline.expiredAt", { at: moment(winner.collect_by ?? winner.expired_at ?? winner.created_at) })}
      </span>
    );
  }
  if (winner.status !== "waiting" || !winner.collect_by) return null;
  const minutesLeft = Math.ceil((new Date(winner.collect_by).getTime() - now) / 60_000);
  const late = minutesLeft <= 0;
  return (
    <span
      data-testid="deadline"
      className={`mt-1 inline-flex flex-col rounded-lg px-2 py-1 text-xs whitespace-nowrap ${
        late
          ? "bg-red-50 font-semibold text-red-800 ring-1 ring-red-200"
          : minutesLeft <= 5
            ? "bg-amber-50 text-amber-900"
            : "bg-slate-50 text-slate-700"
      }`}
    >
      {t("deadline.collectBy", { at: moment(winner.collect_by) })}
      <span className="font-semibold">{late ? t("deadline.pastDue") : t("deadline.minutesLeft", { minutes: minutesLeft })}</span>
    </span>
  );
}
