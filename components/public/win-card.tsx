import { clockTime } from "@/lib/i18n/clock";
import { fill } from "@/lib/i18n/fill";
import { CollectNote } from "./collect-note";
import type { KeptWin } from "./kept-win";
import type { VisitorWords } from "./visitor-words";

/**
 * What the winner shows at the prize desk: the prize, the nickname and the password in large type,
 * readable at arm's length, when it was won (on the event's clock), where and by when to collect it (the
 * server's word), with a hint to keep a screenshot.
 */
export function WinCard({
  win,
  words,
  urlPath,
}: {
  win: KeptWin;
  words: Pick<VisitorWords, "win" | "locale" | "timeZone">;
  /** The page the win was made on: its state call says where and by when to collect (collect-note.tsx). */
  urlPath?: string;
}) {
  const wonAt = new Date(win.wonAt);
  return (
    <div className="w-full rounded-2xl border-2 border-dashed border-prize-300 bg-white p-4 text-left">
      <p className="text-sm font-semibold uppercase tracking-wide text-prize-700">{words.win.showAtDesk}</p>
      <p className="mt-1 text-xl font-extrabold text-slate-900 [overflow-wrap:anywhere]">{win.prizeName}</p>
      {!Number.isNaN(wonAt.getTime()) && (
        <p className="text-sm text-slate-600" data-testid="won-at">
          {fill(words.win.wonAt, { time: clockTime(wonAt, words.locale, words.timeZone) })}
        </p>
      )}
      <dl className="mt-3 grid grid-cols-[auto_1fr] items-baseline gap-x-4 gap-y-1">
        <dt className="text-sm text-slate-600">{words.win.nickname}</dt>
        <dd className="text-2xl font-bold text-slate-900 [overflow-wrap:anywhere]" data-testid="won-nickname">
          {win.nickname}
        </dd>
        <dt className="text-sm text-slate-600">{words.win.password}</dt>
        <dd className="font-mono text-4xl font-extrabold tracking-[0.3em] text-slate-900" data-testid="won-password">
          {win.password}
        </dd>
      </dl>
      {urlPath !== undefined && <CollectNote urlPath={urlPath} words={words} />}
      <p className="mt-3 text-sm text-slate-600">{words.win.screenshot}</p>
    </div>
  );
}
