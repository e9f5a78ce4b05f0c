"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { ScreenHeader } from "@/components/admin/screen-header";
import { inputClass } from "@/components/ui/field";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/client/api";
import { useMoment } from "@/lib/client/use-moment";
import { winnersApi } from "@/lib/client/winners";
import type { WinnerRow } from "@/lib/contracts/winners";
import { DeskDeadline, ReinstateButton } from "./deadline";

const PASSWORD = /^[0-9]{4}$/;

/**
 * /admin/desk: the prize desk on a phone or tablet. Staff type the winner's 4-digit password (and the
 * nickname when several winners share it), see the match in large type and hand the prize over with one
 * tap. The server's conditional UPDATE decides: a second hand-over, from this desk or another, is refused
 * with the time it happened.
 */
export function DeskScreen() {
  const t = useTranslations("admin.desk");
  const [password, setPassword] = useState("");
  const [nickname, setNickname] = useState("");
  const ready = PASSWORD.test(password);
  const matches = useQuery({
    queryKey: [...winnersApi.key, "desk", password],
    enabled: ready,
    queryFn: async ({ signal }) => {
      const page = await winnersApi.list({ page: 1, pageSize: 100, filters: { search: password } }, signal);
      // The search is a substring match over nickname and password: keep exact passwords only.
      return page.results.filter((winner) => winner.password === password);
    },
  });
  const shown = (matches.data ?? []).filter(
    (winner) => !nickname.trim() || winner.name.toLowerCase().includes(nickname.trim().toLowerCase()),
  );
  const several = (matches.data?.length ?? 0) > 1;

  return (
    <div className="mx-auto max-w-xl space-y-5">
      <ScreenHeader title={t("title")} description={t("description")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <label className="block">
          <span className="mb-1.5 block text-sm font-medium text-slate-700">{t("password")}</span>
          <input
            // biome-ignore lint/a11y/noAutofocus: the desk does one thing; the keypad should be up at once.
            autoFocus
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            value={password}
            onChange={(event) => setPassword(event.target.value.replace(/\D/g, "").slice(0, 4))}
            className={`${inputClass} h-16! text-center font-mono text-4xl! tracking-[0.4em]`}
            aria-describedby="desk-status"
          />
        </label>
        {several && (
          <label className="block">
            <span className="mb-1.5 block text-sm font-medium text-slate-700">
              {t("nicknameShared", { count: matches.data?.length ?? 0 })}
            </span>
            <input value={nickname} onChange={(event) => setNickname(event.target.value)} className={`${inputClass} h-16! text-2xl!`} />
          </label>
        )}
      </div>

      <div id="desk-status" aria-live="polite">
        {!ready ? (
          <p className="text-slate-600">{t("waiting")}</p>
        ) : matches.isPending ? (
          <Spinner label={t("looking")} />
        ) : matches.isError ? (
          <p className="text-red-700">{errorMessage(matches.error, t("lookupFailed"))}</p>
        ) : shown.length === 0 ? (
          <p className="text-lg font-semibold text-slate-900">{t("noMatch", { password })}</p>
        ) : (
          <ul className="space-y-4">
            {shown.map((winner) => (
              <li key={winner.id}>
                <WinnerCard winner={winner} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function WinnerCard({ winner }: { winner: WinnerRow }) {
  const t = useTranslations("admin.desk");
  const { clock } = useMoment();
  const queryClient = useQueryClient();
  const handOver = useMutation({
    mutationFn: () => winnersApi.markReceived(winner.id),
    onSettled: () => queryClient.invalidateQueries({ queryKey: winnersApi.key }),
  });
  const received = winner.is_received || handOver.isSuccess;
  const refused = handOver.isError ? errorMessage(handOver.error, t("handOverFailed")) : null;
  return (
    <article
      className={`rounded-2xl border-2 bg-white p-5 shadow-sm ${received ? "border-slate-200" : "border-emerald-300"}`}
      aria-label={t("card", { name: winner.name, prize: winner.prize_name })}
    >
      <p className="text-3xl font-extrabold text-slate-900 [overflow-wrap:anywhere]">{winner.name}</p>
      <p className="mt-1 text-2xl font-semibold text-slate-800 [overflow-wrap:anywhere]">{winner.prize_name}</p>
      <p className="mt-1 text-base text-slate-600">{t("wonAt", { product: winner.product_name, time: clock(winner.created_at) })}</p>
      {!handOver.isSuccess && <DeskDeadline winner={winner} />}
      {handOver.isSuccess ? (
        <p role="status" className="mt-4 rounded-xl bg-emerald-50 p-4 text-xl font-bold text-emerald-800">
          {t("handedOver")}
        </p>
      ) : winner.is_received ? (
        <p className="mt-4 rounded-xl bg-red-50 p-4 text-xl font-bold text-red-700">
          {winner.received_at
            ? t("alreadyHandedOver", { name: winner.name, time: clock(winner.received_at) })
            : t("alreadyHandedOverEarlier", { name: winner.name })}
        </p>
      ) : winner.status === "expired" ? (
        <ReinstateButton winner={winner} />
      ) : (
        <button
          type="button"
          onClick={() => handOver.mutate()}
          disabled={handOver.isPending}
          className="mt-4 h-16 w-full rounded-xl bg-emerald-700 text-2xl font-bold text-white hover:bg-emerald-800 disabled:opacity-60"
        >
          {handOver.isPending ? t("handingOver") : t("handOver")}
        </button>
      )}
      {refused && (
        <p role="alert" className="mt-3 rounded-xl bg-red-50 p-4 text-xl font-bold text-red-700">
          {refused}
        </p>
      )}
    </article>
  );
}
