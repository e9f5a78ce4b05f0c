import type { TicketParts } from "./visitor-words";

/** The prize waiting here and the ticket to tap for it (its parts rendered on the server). */
export function TicketButton({ ticket, reserving, onTap }: { ticket: TicketParts; reserving: boolean; onTap: () => void }) {
  return (
    <div className="rounded-2xl bg-prize-50 p-4 ring-2 ring-prize-200 sm:p-5">
      {ticket.intro}
      {ticket.prize}
      <button
        type="button"
        // The early-tap script finds the ticket by this.
        data-ticket=""
        onClick={onTap}
        // aria-disabled, not disabled: a disabled button drops keyboard focus, and the modal could
        // not hand it back here when it closes. The claim flow ignores the extra taps.
        aria-disabled={reserving || undefined}
        aria-busy={reserving || undefined}
        className="group mt-4 block w-full rounded-2xl p-1 text-center transition-transform active:scale-[0.97] aria-disabled:cursor-wait"
      >
        {ticket.art}
        <span className="mt-2 flex min-h-12 items-center justify-center text-lg font-extrabold text-prize-800 underline decoration-2 underline-offset-4">
          {reserving ? ticket.holding : ticket.tap}
        </span>
      </button>
      {ticket.hint}
    </div>
  );
}
