import type { SystemSettings } from "@/lib/client/settings";

function when(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-GB", { timeZone, dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

/** Where the event stands, in words: what a visitor scanning a QR code right now is told. */
export function EventStateSummary({ settings, timeZone }: { settings: SystemSettings; timeZone: string }) {
  const hours =
    settings.event_starts_at || settings.event_ends_at
      ? `Open ${settings.event_starts_at ? `from ${when(settings.event_starts_at, timeZone)}` : ""}${
          settings.event_ends_at ? ` until ${when(settings.event_ends_at, timeZone)}` : ""
        }.`
      : "No opening hours set: prizes can be won at any time.";
  const state = {
    open: "Prizes can be won now.",
    paused: "Prizes are paused: visitors cannot hold a prize until you resume (the switch at the top).",
    not_started: "The event has not started: visitors are told when prizes can be won.",
    ended: "The event has ended: visitors are told no more prizes can be won.",
  }[settings.event_state];
  return (
    <div role="status" className="rounded-2xl border border-slate-200 bg-white p-4 text-sm text-slate-700 shadow-sm sm:p-5">
      <p className="font-semibold text-slate-900">{state}</p>
      <p className="mt-1">{hours}</p>
    </div>
  );
}
