import type { ReactNode } from "react";
import { GiftIcon } from "@/components/ui/icons";
import type { PublicPrize } from "@/db/queries/public";
import { imageSrcSet } from "@/lib/urls/images";

/** The prize's picture, small (the product's stays the page's main one), or the gift icon without one. */
function PrizeThumb({ prize, className }: { prize: PublicPrize; className: string }) {
  return (
    <div
      className={`flex shrink-0 items-center justify-center overflow-hidden rounded-lg bg-white text-prize-600 ring-1 ring-prize-200 ${className}`}
    >
      {prize.image ? (
        // eslint-disable-next-line @next/next/no-img-element -- our own normalised WebP; next/image would add JS
        <img
          src={`${prize.image}?w=240`}
          srcSet={imageSrcSet(prize.image)}
          sizes="80px"
          // The name is right beside it.
          alt=""
          width={80}
          height={80}
          decoding="async"
          className="size-full object-cover"
        />
      ) : (
        <GiftIcon className="size-1/2" />
      )}
    </div>
  );
}

/**
 * The prize waiting on the page, named and pictured before the tap (the `show_prize_before_tap` setting,
 * server-behaviour.md): rendered on the server into the page's copy for that prize. With `heading` (the
 * ticket's "You found a prize!"), the picture sits beside it and the name under it, so the ticket stays on
 * a small phone's first screen; without, a row of its own (under "someone is claiming it").
 */
export function PrizeShown({ prize, label, heading }: { prize: PublicPrize; label: string; heading?: ReactNode }) {
  const name = (
    <p className="text-lg font-extrabold leading-snug text-slate-900 [overflow-wrap:anywhere]" data-testid="prize-shown-name">
      {heading && <span className="sr-only">{label}: </span>}
      {prize.name}
    </p>
  );
  if (heading) {
    return (
      <div className="flex items-center gap-3" data-prize-shown="">
        <PrizeThumb prize={prize} className="size-14 sm:size-16" />
        <div className="min-w-0">
          {heading}
          {name}
        </div>
      </div>
    );
  }
  return (
    <div className="mt-3 flex items-center gap-3 rounded-xl bg-white p-2 ring-1 ring-slate-200" data-prize-shown="">
      <PrizeThumb prize={prize} className="size-14" />
      <div className="min-w-0">
        <p className="text-sm font-semibold text-slate-600">{label}</p>
        {name}
      </div>
    </div>
  );
}
