import { GiftIcon } from "@/components/ui/page-icons";
import type { PublicPrize } from "@/shared/contracts/product-page";
import { imageSrcSet } from "@/shared/urls/images";

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
 * server-behaviour.md): rendered on the server into the page's copy for that prize, under the ticket (or
 * under "someone is claiming it").
 */
export function PrizeShown({ prize, label }: { prize: PublicPrize; label: string }) {
  return (
    <div className="mt-3 flex items-center gap-3 rounded-xl bg-white p-2 ring-1 ring-slate-200" data-prize-shown="">
      <PrizeThumb prize={prize} className="size-14 sm:size-16" />
      <div className="min-w-0">
        <p className="text-sm font-semibold text-slate-600">{label}</p>
        <p className="text-lg font-extrabold leading-snug text-slate-900 [overflow-wrap:anywhere]" data-testid="prize-shown-name">
          {prize.name}
        </p>
      </div>
    </div>
  );
}
