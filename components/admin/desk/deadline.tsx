"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { errorMessage } from "@/lib/client/api";
import { useMoment } from "@/lib/client/use-moment";
import { winnersApi } from "@/lib/client/winners";
import type { WinnerRow } from "@/shared/contracts/winners";

/** How often the minutes left are counted again. */
const TICK_MS = 15_000;

/**
 * The time now, counted again every TICK_MS and at once when `deadline` changes: a deadline set between two
 * ticks (a win reinstated) read a minute more than its window ("31 minutes left" for 30) until the next one.
 */
function useNow(deadline: string | null | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (deadline) setNow(Date.now());
    const timer = window.setInterval(() => setNow(Date.now()), TICK_MS);
    return () => window.clearInterval(timer);
  }, [deadline]);
  return now;
}

/**
 * The winner's collection deadline on the desk's card (server-behaviour.md, "Collecting a prize: the
 * deadline"): minutes left while waiting, red once expired. Nothing for a received win or one with none.
 */
export function DeskDeadline({ winner }: { winner: WinnerRow }) {
  const t = useTranslations("admin.desk.deadline");
  const { clock } = useMoment();
  const now = useNow(winner.collect_by);
  if (winner.status === "expired") {
    return (
      <p data-testid="deadline" className="mt-3 rounded-xl bg-red-50 p-3 text-lg font-bold text-red-800 ring-1 ring-red-200">
        {t("expired", { time: clock(winner.collect_by ?? winner.expired_at ?? winner.created_at) })}
      </p>
    );
  }
  if (winner.status !== "waiting" || !winner.collect_by) return null;
  const minutes = Math.ceil((new Date(winner.collect_by).getTime() - now) / 60_000);
  return (
    <p
      data-testid="deadline"
      className={`mt-3 rounded-xl p-3 text-lg font-semibold ${minutes <= 5 ? "bg-amber-50 text-amber-900" : "bg-slate-50 text-slate-800"}`}
    >
      {t("collectBy", { time: clock(winner.collect_by) })}
      {/* i18n-exempt: a separator */}
      {" · "}
      {minutes > 0 ? t("minutesLeft", { minutes }) : t("timeUp")}
    </p>
  );
}

/** An expired win, given after all if a unit is free: the server says why not otherwise. */
export function ReinstateButton({ winner }: { winner: WinnerRow }) {
  const t = useTranslations("admin.desk.deadline");
  const queryClient = useQueryClient();
  const reinstate = useMutation({
    mutationFn: () => winnersApi.reinstate(winner.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: winnersApi.key }),
  });
  return (
    <>
      <button
        type="button"
        onClick={() => reinstate.mutate()}
        disabled={reinstate.isPending}
        className="mt-4 h-16 w-full rounded-xl border-2 border-primary-700 bg-white text-xl font-bold text-primary-800 hover:bg-primary-50 disabled:opacity-60"
      >
        {reinstate.isPending ? t("reinstating") : t("reinstate")}
      </button>
      <p className="mt-2 text-sm text-slate-600">{t("reinstateHint")}</p>
      {reinstate.isError && (
        <p role="alert" className="mt-3 rounded-xl bg-red-50 p-4 text-lg font-bold text-red-700">
          {errorMessage(reinstate.error, t("reinstateFailed"))}
        </p>
      )}
    </>
  );
}
