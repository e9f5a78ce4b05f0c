"use client";

import { useEffect } from "react";

/** How long after a jump to an anchor the page may still be drawing what loads above it. */
const KEEP_FOR_MS = 5_000;
/** What the reader does to scroll on their own: from then on the page is theirs. */
const READER_SCROLLS = ["wheel", "touchstart", "keydown", "pointerdown"] as const;

/**
 * Keeps `#id` (one of `ids`) on screen while the page grows around it: a link to a part of a screen whose parts
 * load one by one jumps at once, and a part drawn above it afterwards would push it out of view. For a few
 * seconds after the jump (the address's hash on arrival, or a followed in-page link), each change of the page's
 * size scrolls the part back into view (its scroll margin keeps it below a sticky header), until the reader
 * scrolls or types.
 */
export function useKeptAnchor(ids: readonly string[]): void {
  useEffect(() => {
    let stopKeeping: (() => void) | undefined;
    const follow = () => {
      stopKeeping?.();
      stopKeeping = undefined;
      const id = decodeURIComponent(window.location.hash.slice(1));
      if (ids.includes(id)) stopKeeping = keepInView(id);
    };
    follow();
    window.addEventListener("hashchange", follow);
    return () => {
      window.removeEventListener("hashchange", follow);
      stopKeeping?.();
    };
  }, [ids]);
}

function keepInView(id: string): () => void {
  const top = () => document.getElementById(id)?.getBoundingClientRect().top;
  let keptAt = top();
  const observer = new ResizeObserver(() => {
    const now = top();
    if (now === undefined || now === keptAt) return;
    document.getElementById(id)?.scrollIntoView({ block: "start" });
    keptAt = top();
  });
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of READER_SCROLLS) window.removeEventListener(type, stop);
  };
  const timer = setTimeout(stop, KEEP_FOR_MS);
  for (const type of READER_SCROLLS) window.addEventListener(type, stop, { passive: true });
  observer.observe(document.body);
  return stop;
}
