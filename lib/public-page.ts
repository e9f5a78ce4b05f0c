import "server-only";
import { type NextRequest, NextResponse } from "next/server";
import { getPublicPageState, type PublicPageState } from "@/db/queries/public";
import { db } from "@/lib/database";
import { RecentReads } from "@/shared/async/recent-reads";
import { settleWithin } from "@/shared/async/settle-within";
import type { Locale } from "@/shared/i18n/locales";
import { cachedProductPagePath, prizeStateOf } from "@/shared/urls/public-page-cache";

/**
 * How long the product page waits for the database before it sends a skeleton and streams the product
 * in. A healthy database answers in a few milliseconds, so the usual page is one complete HTML response
 * with a real 404 for an unknown path; only a slow one gets the skeleton (and an unknown path then shows
 * the not-found screen with status 200, as the status has left with the skeleton).
 */
export const SKELETON_AFTER_MS = 300;

/** What a visitor's page must never be kept as by a browser or a CDN: the prize state changes by the second. */
const NEVER_STORE = "private, no-cache, no-store, max-age=0, must-revalidate";

/**
 * A page's state is read at most twice a second per instance: a crowd on one stand then costs the
 * database a couple of reads a second, not one per scan. So a visitor may be shown a state up to half a
 * second old (a ticket just taken: their tap is then told "someone else got there first", as when two
 * tap together); who wins is decided by the reserve's own UPDATE, never by this.
 */
const STATE_MAX_AGE_MS = 500;
const recentStates = new RecentReads<PublicPageState>(STATE_MAX_AGE_MS, 10_000);

/**
 * A visitor's GET /p/{urlPath}: reads the page's state (one small query, shared as above) and rewrites
 * to the cached copy for that state (app/p/[urlPath]/v/...), so a scan costs no render.
 * The copy is in the reader's language (`locale`: the proxy chose it), so each language has its own copies.
 * Null leaves the request to the page rendered afresh: unknown path (its 404), or a database slower than
 * the skeleton's deadline or failing (the page shows its skeleton or error screen).
 */
export async function rewriteToCachedPage(
  request: NextRequest,
  urlPath: string,
  locale: Locale,
  init?: { request: { headers: Headers } },
): Promise<NextResponse | null> {
  const reading = recentStates.get(urlPath, () => getPublicPageState({ db: db(), urlPath }));
  const answer = await settleWithin(reading, SKELETON_AFTER_MS).catch(() => null);
  if (!answer?.settled || !answer.value) return null;
  // Relative to the request's own URL, as Next.js documents an internal rewrite (an absolute URL elsewhere
  // would be fetched like any outside site).
  const target = new URL(cachedProductPagePath(urlPath, answer.value, prizeStateOf(answer.value), locale), request.url);
  const response = NextResponse.rewrite(target, init);
  response.headers.set("Cache-Control", NEVER_STORE);
  return response;
}
