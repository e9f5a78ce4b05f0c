/**
 * The cached product page's internal address (app/p/[urlPath]/v/[version]/[prizeState]): proxy.ts
 * rewrites a visitor's /p/{urlPath} to it. Pure, shared by the proxy and the page.
 */

/** What the page shows about a prize: none waiting, one waiting (a ticket), one held by a visitor. */
export const PRIZE_STATES = ["none", "waiting", "held"] as const;
export type PrizeState = (typeof PRIZE_STATES)[number];

export function prizeStateOf(page: { has_prize: boolean; is_reserved: boolean }): PrizeState {
  if (!page.has_prize) return "none";
  return page.is_reserved ? "held" : "waiting";
}

export function cachedProductPagePath(urlPath: string, version: string, state: PrizeState): string {
  return `/p/${urlPath}/v/${encodeURIComponent(version)}/${state}`;
}

/** A visitor's product page address (/p/{urlPath}, with or without a trailing slash): its urlPath. */
export function productPagePathOf(pathname: string): string | null {
  return /^\/p\/([A-Za-z0-9]{8,32})\/?$/.exec(pathname)?.[1] ?? null;
}

/** Any address below a product page: only the proxy's rewrites reach those. */
export function isBelowProductPage(pathname: string): boolean {
  return /^\/p\/[^/]+\/./.test(pathname);
}
