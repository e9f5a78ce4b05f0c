import type { ReactNode } from "react";

const NOTE_TONE = {
  success: "bg-emerald-50 ring-emerald-200 [&_h2]:text-emerald-900",
  busy: "bg-amber-50 ring-amber-200 [&_h2]:text-amber-900",
  neutral: "bg-white ring-slate-200 [&_h2]:text-slate-900",
} as const;

/** What the page says in the ticket's place: a win kept, a prize held by someone, none here, the event closed. */
export function Note({ tone, title, children }: { tone: keyof typeof NOTE_TONE; title: string; children: ReactNode }) {
  return (
    <div className={`rounded-2xl p-4 ring-2 sm:p-5 ${NOTE_TONE[tone]}`}>
      <h2 className="text-xl font-bold tracking-tight">{title}</h2>
      <div className="mt-1 text-base text-slate-700">{children}</div>
    </div>
  );
}
