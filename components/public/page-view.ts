/**
 * The product page catching up with its state. Its HTML is shared by every visitor and may come from a cache
 * up to a second old (nginx's micro-cache, the proxy's half-second read); the first state call says the
 * true state. When the two differ (a prize taken, placed, the event paused a moment ago), the page reloads
 * once the cached copy has expired, and that reload's state call does not count the scan again: the mark
 * below, in this tab's session storage, says the view was counted.
 */

/** How long after a change every cache has the new copy: nginx keeps one a second, the proxy's read half that. */
const CACHED_COPY_MAX_AGE_MS = 1_000;
/** At most this many catch-up reloads in a row (a state changing by the second must not reload forever). */
const MAX_CATCH_UPS = 2;
/** A mark older than this is a new page view (the visitor came back later). */
const MARK_LIFETIME_MS = 10_000;

type Mark = { at: number; count: number };
const markKey = (urlPath: string) => `prize-page-view:${urlPath}`;

function readMark(urlPath: string): Mark | null {
  try {
    const mark = JSON.parse(window.sessionStorage.getItem(markKey(urlPath)) ?? "null") as Mark | null;
    return mark && typeof mark.at === "number" && Date.now() - mark.at < MARK_LIFETIME_MS ? mark : null;
  } catch {
    return null;
  }
}

/** True when this load is the page's own catch-up reload: its view was counted before it. */
export function viewCounted(urlPath: string): boolean {
  return readMark(urlPath) !== null;
}

/**
 * Reloads the page once the cached copy it came from has surely expired, marking the view as counted, unless
 * `stillIdle` then says the visitor has started something (a tap). Returns false (and does nothing) after
 * MAX_CATCH_UPS reloads in a row.
 */
export function catchUpWithState(urlPath: string, stillIdle: () => boolean): boolean {
  const mark = readMark(urlPath);
  const count = (mark?.count ?? 0) + 1;
  if (count > MAX_CATCH_UPS) return false;
  try {
    window.sessionStorage.setItem(markKey(urlPath), JSON.stringify({ at: Date.now(), count } satisfies Mark));
  } catch {
    // No storage (private mode): the reload counts the view once more, which beats a stale page.
  }
  window.setTimeout(() => {
    if (stillIdle()) window.location.reload();
  }, CACHED_COPY_MAX_AGE_MS);
  return true;
}

/** The page is showing its true state: a later reload by the visitor is a new view again. */
export function caughtUp(urlPath: string): void {
  try {
    window.sessionStorage.removeItem(markKey(urlPath));
  } catch {
    // Nothing kept, nothing to clear.
  }
}
