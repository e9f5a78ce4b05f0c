import type { KeptWin } from "./kept-win";

/**
 * What the winner shows at the prize desk: the prize, the nickname and the password in large type,
 * readable at arm's length, with a hint to keep a screenshot.
 */
export function WinCard({ win }: { win: Pick<KeptWin, "prizeName" | "nickname" | "password"> }) {
  return (
    <div className="w-full rounded-2xl border-2 border-dashed border-prize-300 bg-white p-4 text-left">
      <p className="text-sm font-semibold uppercase tracking-wide text-prize-700">Show this at the prize desk</p>
      <p className="mt-1 text-xl font-extrabold text-slate-900 [overflow-wrap:anywhere]">{win.prizeName}</p>
      <dl className="mt-3 grid grid-cols-[auto_1fr] items-baseline gap-x-4 gap-y-1">
        <dt className="text-sm text-slate-600">Nickname</dt>
        <dd className="text-2xl font-bold text-slate-900 [overflow-wrap:anywhere]" data-testid="won-nickname">
          {win.nickname}
        </dd>
        <dt className="text-sm text-slate-600">Password</dt>
        <dd className="font-mono text-4xl font-extrabold tracking-[0.3em] text-slate-900" data-testid="won-password">
          {win.password}
        </dd>
      </dl>
      <p className="mt-3 text-sm text-slate-600">Take a screenshot now: you will need the password to collect your prize.</p>
    </div>
  );
}
