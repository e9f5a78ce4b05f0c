import { useEffect, useState } from "react";

/**
 * Draws the component again every `everyMs` while `active`: for a countdown that reads the clock as it
 * renders. Nothing runs while there is nothing to count down.
 */
export function useRedrawEvery(everyMs: number, active: boolean): void {
  const [, redraw] = useState(0);
  useEffect(() => {
    if (!active) return;
    const interval = setInterval(() => redraw((n) => n + 1), everyMs);
    return () => clearInterval(interval);
  }, [everyMs, active]);
}
