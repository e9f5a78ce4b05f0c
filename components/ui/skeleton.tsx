import type { ReactNode } from "react";

/**
 * Grey shapes standing in for a screen while it loads, so a slow click shows the screen coming rather than
 * a blank. `Loading` marks the region busy and says `label` to screen readers (nothing visible); inside it,
 * `SkeletonBlock`s and `SkeletonTable`s draw the screen's outline. The pulse stops for readers who ask for
 * less motion.
 */
export function Loading({ label, className, children }: { label: string; className?: string; children: ReactNode }) {
  return (
    <div aria-busy="true" className={className} data-skeleton="">
      <span role="status" className="sr-only">
        {label}
      </span>
      <div aria-hidden="true" className="contents">
        {children}
      </div>
    </div>
  );
}

/** One grey shape; size it with `className` (default: a line of text). */
export function SkeletonBlock({ className = "h-4 w-full" }: { className?: string }) {
  return <div aria-hidden="true" className={`rounded-md bg-slate-200 motion-safe:animate-pulse ${className}`} />;
}

/**
 * A table of grey rows: a header, then `rows` rows. On phones each row is a short and a long line (as the
 * lists' phone layout); from `sm` the row has `columns` cells.
 */
export function SkeletonTable({ rows = 6, columns = 4 }: { rows?: number; columns?: number }) {
  const cells = Array.from({ length: columns }, (_, index) => index);
  return (
    <div aria-hidden="true" className="divide-y divide-slate-100">
      <div className="hidden gap-6 bg-slate-50 px-4 py-3 sm:flex">
        {cells.map((cell) => (
          <div key={cell} className={cell === 0 ? "flex-[2]" : "flex-1"}>
            <SkeletonBlock className="h-3 w-2/3 bg-slate-300/70" />
          </div>
        ))}
      </div>
      {Array.from({ length: rows }, (_, row) => (
        // Rows fade towards the bottom: the eye reads "more is coming", not "six empty rows".
        // biome-ignore lint/suspicious/noArrayIndexKey: a grey row is its position, nothing else.
        <div key={row} className="px-4 py-4" style={{ opacity: 1 - row * (0.6 / rows) }}>
          <div className="space-y-2 sm:hidden">
            <SkeletonBlock className="h-4 w-1/2" />
            <SkeletonBlock className="h-3 w-4/5" />
          </div>
          <div className="hidden items-center gap-6 sm:flex">
            {cells.map((cell) => (
              <div key={cell} className={cell === 0 ? "flex-[2]" : "flex-1"}>
                <SkeletonBlock className={cell === 0 ? "h-4 w-3/4" : "h-4 w-1/2"} />
              </div>
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}
