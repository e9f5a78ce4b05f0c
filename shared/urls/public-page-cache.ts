/**
 * The cached product page's internal address (app/[locale]/p/[urlPath]/v/[version]/[prizeState]): proxy.ts
 * rewrites a visitor's /p/{urlPath} to it. Pure, shared by the proxy and the page.
 */

/**
 * What the page shows about a prize: none waiting, one waiting (a ticket), one held by a visitor; or, while
 * the event is not open, why not (before its hours, after them, paused), in place of any ticket; or an
 * announced drop still to come (`drop`: a countdown, its time in the address).
 */
export const PRIZE_STATES = ["none", "waiting", "held", "not_started", "ended", "paused", "drop"] as const;
export type PrizeState = (typeof PRIZE_STATES)[number];
export type ClosedEventState = Extract<PrizeState, "not_started" | "ended" | "paused">;

export function prizeStateOf(page: {
  has_prize: boolean;
  is_reserved: boolean;
  event_state: string;
  drops_at?: string | null;
}): PrizeState {
  if (page.event_state === "not_started" || page.event_state === "ended" || page.event_state === "paused") return page.event_state;
  if (!page.has_prize) return page.drops_at ? "drop" : "none";
  return page.is_reserved ? "held" : "waiting";
}

export function isClosedEventState(state: string): state is ClosedEventState {
  return state === "not_started" || state === "ended" || state === "paused";
}

/**
 * The address names everything the HTML depends on: the language, the product's version, the branding's
 * (every page shows the event's name, colour and logo), the prize state and, for a closed event's page
 * (which shows the opening time or the pause message), the settings' version; the prize the page names
 * before the tap (`prize_version`, null while it names none: the setting off, or nothing to win); for an
 * announced drop, its time (`-d{ms}`, read back by dropTimeOf), so a moved drop is a new copy and no copy
 * outlives its time.
 */
export function cachedProductPagePath(
  urlPath: string,
  page: { version: string; rules_version: string; branding_version: string; prize_version?: string | null; drops_at?: string | null },
  state: PrizeState,
  locale: string,
): string {
  const branded = `${page.version}-b${page.branding_version}`;
  const prized = page.prize_version ? `${branded}-p${page.prize_version}` : branded;
  const version = isClosedEventState(state)
    ? `${prized}-r${page.rules_version}`
    : state === "drop" && page.drops_at
      ? `${prized}-d${Date.parse(page.drops_at)}`
      : prized;
  return `/${locale}/p/${urlPath}/v/${encodeURIComponent(version)}/${state}`;
}

/** The drop's time a cached copy's version names (cachedProductPagePath), as ISO 8601; null if none. */
export function dropTimeOf(version: string): string | null {
  const ms = /-d(\d{1,15})$/.exec(decodeURIComponent(version))?.[1];
  return ms ? new Date(Number(ms)).toISOString() : null;
}

/** A visitor's product page address (/p/{urlPath}, with or without a trailing slash): its urlPath. */
export function productPagePathOf(pathname: string): string | null {
  return /^\/p\/([A-Za-z0-9]{8,32})\/?$/.exec(pathname)?.[1] ?? null;
}

/** Any address below a product page: only the proxy's rewrites reach those. */
export function isBelowProductPage(pathname: string): boolean {
  return /^\/p\/[^/]+\/./.test(pathname);
}
