"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { ScreenHeader } from "@/components/admin/screen-header";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { CheckCircleIcon, UndoIcon } from "@/components/ui/icons";
import { Spinner } from "@/components/ui/spinner";
import { errorMessage } from "@/lib/client/api";
import { useDebouncedValue } from "@/lib/client/use-debounced";
import { useTypedBeforeHydration } from "@/lib/client/use-hydrated";
import { useMoment } from "@/lib/client/use-moment";
import { winnersApi } from "@/lib/client/winners";
import { UNDO_GRACE_MINUTES, type WinnerRow, winnerLabel } from "@/shared/contracts/winners";
import { DeskDeadline, ReinstateButton } from "./deadline";

const PASSWORD = /^[0-9]{4}$/;
/** What the password box keeps of what is typed: four digits. */
const passwordDigits = (typed: string) => typed.replace(/\D/g, "").slice(0, 4);
/** The nickname narrows the look-up once typing pauses, not at every letter. */
const NICKNAME_PAUSE_MS = 400;

/**
 * /admin/desk: the prize desk on a phone or tablet. Staff type the 4-digit password the winner shows, and
 * the nickname when they have it; the server answers only winners with exactly that password (and that
 * nickname), and never sends the desk role a password: a nickname alone finds no one, so knowing someone's
 * nickname is not enough to collect their prize. A match is handed over with one tap and can be undone
 * right there (a mis-tap). The server's conditional UPDATE decides: a second hand-over, from this desk or
 * another, is refused with the time it happened.
 */
export function DeskScreen() {
  const t = useTranslations("admin.desk");
  const [password, setPassword] = useState("");
  const [nicknameTyped, setNickname] = useState("");
  const passwordBox = useRef<HTMLInputElement>(null);
  const nicknameBox = useRef<HTMLInputElement>(null);
  // A code typed while the page's scripts were still on their way (a tablet on venue Wi-Fi) is looked up.
  useTypedBeforeHydration(passwordBox, password, (typed) => setPassword(passwordDigits(typed)));
  useTypedBeforeHydration(nicknameBox, nicknameTyped, setNickname);
  const nickname = useDebouncedValue(nicknameTyped.trim(), NICKNAME_PAUSE_MS);
  const ready = PASSWORD.test(password);
  const matches = useQuery({
    queryKey: [...winnersApi.key, "desk", password, nickname],
    enabled: ready,
    queryFn: async ({ signal }) => {
      return winnersApi.list({ page: 1, pageSize: 100, filters: { code: password, name: nickname } }, signal);
    },
  });
  const shown = matches.data?.results ?? [];
  // Several winners wait with this code: the server showed none, and the nickname tells them apart.
  const nicknameNeeded = ready && !nickname && matches.data?.nickname_needed === true;
  useEffect(() => {
    if (nicknameNeeded && document.activeElement === passwordBox.current) nicknameBox.current?.focus();
  }, [nicknameNeeded]);

  return (
    <div className="mx-auto max-w-xl space-y-5">
      <ScreenHeader title={t("title")} description={t("description")} />
      <div className="grid gap-4 sm:grid-cols-2">
        <label className="block">
          <span className="mb-1.5 block text-sm font-medium text-slate-700">{t("password")}</span>
          <input
            ref={passwordBox}
            // biome-ignore lint/a11y/noAutofocus: the desk does one thing; the keypad should be up at once.
            autoFocus
            inputMode="numeric"
            autoComplete="off"
            maxLength={4}
            value={password}
            onChange={(event) => setPassword(passwordDigits(event.target.value))}
            className={`${inputClass} h-16! text-center font-mono text-4xl! tracking-[0.4em]`}
            aria-describedby="desk-status"
          />
        </label>
        <label className="block">
          <span className="mb-1.5 block text-sm font-medium text-slate-700">{t("nickname")}</span>
          <input
            ref={nicknameBox}
            autoComplete="off"
            value={nicknameTyped}
            onChange={(event) => setNickname(event.target.value)}
            className={`${inputClass} h-16! text-2xl!`}
            aria-describedby="desk-status"
          />
        </label>
      </div>

      <div id="desk-status" aria-live="polite">
        {!ready ? (
          <p className="text-slate-600">{t("waiting")}</p>
        ) : matches.isPending ? (
          <Spinner label={t("looking")} />
        ) : matches.isError ? (
          <p className="text-red-700">{errorMessage(matches.error, t("lookupFailed"))}</p>
        ) : nicknameNeeded ? (
          <p className="rounded-xl bg-amber-50 p-4 text-lg font-semibold text-amber-900 ring-1 ring-amber-200">
            {t("nicknameNeeded", { password })}
          </p>
        ) : shown.length === 0 ? (
          <p className="text-lg font-semibold text-slate-900">
            {nickname ? t("noMatchNamed", { name: nickname, password }) : t("noMatch", { password })}
          </p>
        ) : (
          <div className="space-y-4">
            <p className="flex items-center gap-2 text-lg font-semibold text-emerald-800">
              <CheckCircleIcon className="size-6 shrink-0" />
              {nickname ? t("matchBoth") : t("matchCode")}
            </p>
            <ul className="space-y-4">
              {shown.map((winner) => (
                <li key={winner.id}>
                  <WinnerCard winner={winner} />
                </li>
              ))}
            </ul>
          </div>
        )}
      </div>
    </div>
  );
}

/** What an undo did to the winner's deadline, for the desk to say: kept, or a new one since it had passed. */
type UndoNote = { row: WinnerRow; before: string | null };

function WinnerCard({ winner }: { winner: WinnerRow }) {
  const t = useTranslations("admin.desk");
  const { clock } = useMoment();
  const queryClient = useQueryClient();
  const handOverButton = useRef<HTMLButtonElement>(null);
  const handOverPart = useRef<HTMLDivElement>(null);
  // What this desk did to the card last: the list catches up after the refetch.
  const [done, setDone] = useState<"handed" | "undone" | null>(null);
  const [undoNote, setUndoNote] = useState<UndoNote | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: winnersApi.key });
  const handOver = useMutation({
    mutationFn: () => winnersApi.markReceived(winner.id),
    onSuccess: () => setDone("handed"),
    onSettled: refresh,
  });
  // A mis-tapped hand-over is undone here, at once, not on another screen. The deadline shown before it
  // goes along, to say whether the winner kept it.
  const undo = useMutation({
    mutationFn: (_before: string | null) => winnersApi.cancelReceived(winner.id),
    onSuccess: (row, before) => {
      handOver.reset();
      setUndoNote({ row, before });
      setDone("undone");
    },
    onSettled: refresh,
  });
  // Undone, "Hand over" and what the undo did are back where the keyboard and the eye are: on a phone they
  // sat below the fold.
  useEffect(() => {
    if (done !== "undone") return;
    handOverButton.current?.focus({ preventScroll: true });
    handOverPart.current?.scrollIntoView({ block: "nearest" });
  }, [done]);
  const received = done === "handed" ? true : done === "undone" ? false : winner.is_received;
  // Until the list catches up, the undo's own answer has the deadline in force.
  const current = done === "undone" && undoNote ? undoNote.row : winner;
  const refused = handOver.isError
    ? errorMessage(handOver.error, t("handOverFailed"))
    : undo.isError
      ? errorMessage(undo.error, t("undoFailed"))
      : null;
  return (
    <article
      className={`rounded-2xl border-2 bg-white p-5 shadow-sm ${received ? "border-slate-200" : "border-emerald-300"}`}
      aria-label={t("card", { name: winnerLabel(winner), prize: winner.prize_name })}
    >
      <p className="text-3xl font-extrabold text-slate-900 [overflow-wrap:anywhere]">{winnerLabel(winner)}</p>
      <p className="mt-1 text-2xl font-semibold text-slate-800 [overflow-wrap:anywhere]">{winner.prize_name}</p>
      <p className="mt-1 text-base text-slate-600">{t("wonAt", { product: winner.product_name, time: clock(winner.created_at) })}</p>
      {done !== "handed" && <DeskDeadline winner={current} />}
      {done === "handed" ? (
        <div className="mt-4 space-y-3">
          <p role="status" className="rounded-xl bg-emerald-50 p-4 text-xl font-bold text-emerald-800">
            {t("handedOver")}
          </p>
          <Button size="md" busy={undo.isPending} onClick={() => undo.mutate(winner.collect_by)} className="w-full">
            <UndoIcon className="size-4" />
            {undo.isPending ? t("undoing") : t("undo")}
          </Button>
        </div>
      ) : received ? (
        <p className="mt-4 rounded-xl bg-red-50 p-4 text-xl font-bold text-red-700">
          {winner.received_at
            ? t("alreadyHandedOver", { name: winnerLabel(winner), time: clock(winner.received_at) })
            : t("alreadyHandedOverEarlier", { name: winnerLabel(winner) })}
        </p>
      ) : current.status === "expired" ? (
        <ReinstateButton winner={current} />
      ) : (
        <div ref={handOverPart}>
          <button
            ref={handOverButton}
            type="button"
            onClick={() => handOver.mutate()}
            disabled={handOver.isPending}
            className="mt-4 h-16 w-full rounded-xl bg-emerald-700 text-2xl font-bold text-white hover:bg-emerald-800 disabled:opacity-60"
          >
            {handOver.isPending ? t("handingOver") : t("handOver")}
          </button>
          {done === "undone" && undoNote && (
            <p role="status" className="mt-3 rounded-xl bg-slate-100 p-3 text-base font-semibold text-slate-800">
              {undoneMessage(t, clock, winnerLabel(winner), undoNote)}
            </p>
          )}
        </div>
      )}
      {refused && (
        <p role="alert" className="mt-3 rounded-xl bg-red-50 p-4 text-xl font-bold text-red-700">
          {refused}
        </p>
      )}
    </article>
  );
}

/**
 * What the desk says after an undo: the winner keeps the deadline they were told, or, when it passed while the
 * prize was wrongly handed over, has UNDO_GRACE_MINUTES from now (server-behaviour.md, "The hand-over").
 */
function undoneMessage(
  t: ReturnType<typeof useTranslations<"admin.desk">>,
  clock: (iso: string) => string,
  name: string,
  { row, before }: UndoNote,
): string {
  if (!row.collect_by) return t("undone", { name });
  if (row.collect_by === before || !before) return t("undoneKept", { name, time: clock(row.collect_by) });
  return t("undoneExtended", { name, minutes: UNDO_GRACE_MINUTES, time: clock(row.collect_by) });
}
