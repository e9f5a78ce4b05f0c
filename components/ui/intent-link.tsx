"use client";

import Link from "next/link";
import { type ComponentProps, useState } from "react";

/**
 * `next/link` that prefetches when the admin reaches for it (pointer over it, keyboard focus, a touch), not
 * when it comes into view: Next.js's hover-triggered pattern (its prefetching guide). Every admin link used to
 * prefetch on sight: one admin screen at desktop width fired 7-17 background renders (the menu, and every
 * row's winners link), about 0.3 s of the server's CPU per screen opened, taken from the crowd's pages during
 * an event (docs/architecture.md). A click still navigates in the page, as before.
 */
export function IntentLink({ onMouseEnter, onFocus, onTouchStart, ...props }: ComponentProps<typeof Link>) {
  const [wanted, setWanted] = useState(false);
  return (
    <Link
      {...props}
      prefetch={wanted ? null : false}
      onMouseEnter={(event) => {
        setWanted(true);
        onMouseEnter?.(event);
      }}
      onFocus={(event) => {
        setWanted(true);
        onFocus?.(event);
      }}
      onTouchStart={(event) => {
        setWanted(true);
        onTouchStart?.(event);
      }}
    />
  );
}
