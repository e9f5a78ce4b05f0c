/**
 * What the product page shows while the database is slow to answer: the page's own shapes (picture
 * frame, name, prize box) in grey, so the visitor sees the page is coming rather than a blank screen.
 * Sized like the real page (prize-claim.tsx, product-image.tsx), so nothing jumps when it arrives.
 */
export function ProductSkeleton({ loading }: { loading: string }) {
  return (
    <div className="md:grid md:grid-cols-2 md:items-start md:gap-10" role="status" aria-busy="true" data-product-skeleton="">
      <div className="mx-auto aspect-square w-full max-w-[min(100%,30dvh)] rounded-2xl bg-slate-200 motion-safe:animate-pulse md:max-w-none" />
      <div className="mt-4 md:mt-0">
        <div className="h-8 w-3/4 rounded-lg bg-slate-200 motion-safe:animate-pulse sm:h-9" />
        <div className="mt-3 h-5 w-full rounded bg-slate-200 motion-safe:animate-pulse" />
        <div className="mt-2 h-5 w-2/3 rounded bg-slate-200 motion-safe:animate-pulse" />
        <p className="mt-5 rounded-2xl bg-white p-4 text-base font-semibold text-slate-700 ring-1 ring-slate-200 sm:p-5">{loading}</p>
      </div>
    </div>
  );
}
