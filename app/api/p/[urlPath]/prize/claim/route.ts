// POST /api/p/{urlPath}/prize/claim - empty body: reserve the prize (60 s hold); {name, password}: win it
// PATCH /api/p/{urlPath}/prize/claim - let go of this visitor's hold

import { after, type NextRequest } from "next/server";
import { json } from "@/lib/api/respond";
import { route } from "@/lib/api/route";
import { issueVisitorCookie, readVisitorId } from "@/lib/api/visitor";
import { AppError, conflict, notFound } from "@/lib/errors";
import { defaultEventId } from "@/lib/event/time-zone";
import { countFunnel } from "@/lib/funnel/flusher";
import { translate } from "@/lib/i18n/translate";
import { countHoldGranted, countHoldRefused, countWin } from "@/lib/metrics/registry";
import { cancelReservation } from "@/lib/services/claims/cancel";
import { finaliseClaim, HOLD_EXPIRED } from "@/lib/services/claims/finalise";
import { NO_PRODUCT, NO_VISITOR_COOKIE, RefusedTap, reservePrize } from "@/lib/services/claims/reserve";
import { replenishPrize } from "@/lib/services/placements/maintain";
import { cancelRequest, claimRequest } from "@/lib/validation/claim-request";
import { CLAIM_MAX_BODY_BYTES } from "@/server/request-body.mjs";
import { RESERVE_REFUSAL_CODES } from "@/shared/contracts/claims";
import type { Locale } from "@/shared/i18n/locales";
import { inLanguage } from "@/shared/i18n/localized";
import { text } from "@/shared/i18n/text";
import { isUrlPath } from "@/shared/urls/products";

/**
 * A tap with no cookies yet (428, as one without a visitor id): the product page's HTML sets none, its first
 * state call does, and a tap made before that call answered gets them here (proxy.ts, which runs for an API
 * call without the csrftoken, adds both cookies to this answer) and is sent again at once by the page
 * (claim-api.ts, early-tap-script.ts). Nothing is held or counted as a tap.
 */
function noCookiesYet(_request: NextRequest, locale: Locale): Response {
  countHoldRefused("no_visitor_cookie", defaultEventId());
  return json({ detail: translate(locale, NO_VISITOR_COOKIE) }, 428);
}

// A claim needs a few hundred bytes; 16 KB leaves room for a long (refused) nickname to get its field error.
export const POST = route(
  { access: "public", body: claimRequest, maxBodyBytes: CLAIM_MAX_BODY_BYTES, beforeCookies: noCookiesYet },
  async ({ ctx, request, params, body, locale }) => {
    const urlPath = params.urlPath;
    if (!isUrlPath(urlPath)) {
      if ("reserve" in body) countHoldRefused("no_page", defaultEventId());
      throw notFound(NO_PRODUCT);
    }
    if ("reserve" in body) {
      const visitorId = readVisitorId(request);
      if (!visitorId) {
        // The page gave one with the csrftoken; without it, parallel taps would each make an id and hold as many prizes.
        const refused = json({ detail: translate(locale, NO_VISITOR_COOKIE) }, 428);
        issueVisitorCookie(request, refused);
        countHoldRefused("no_visitor_cookie", defaultEventId());
        return refused;
      }
      countFunnel("taps", { urlPath });
      const hold = await reservePrize({ ctx, input: { urlPath, visitorId } }).catch((error: unknown) => {
        countRefusal(error);
        throw error;
      });
      if (hold.granted) countFunnel("holds", { urlPath });
      countHoldGranted(hold.granted ? "new_hold" : "same_hold", hold.eventId);
      return {
        detail: translate(locale, text("visitor.api.reserved", { seconds: hold.secondsLeft })),
        reserved_until: hold.reservedUntil,
        seconds_left: hold.secondsLeft,
      };
    }
    const visitorId = readVisitorId(request);
    if (!visitorId) throw conflict(HOLD_EXPIRED);
    const won = await finaliseClaim({ ctx, input: { ...body, urlPath, visitorId } });
    if (!won.repeated) countWin(won.eventId);
    // Placing the prize again must never delay or undo a win: it runs after the response, and only logs.
    if (!won.repeated) after(() => replenishPrize(ctx.db, won.prizeId));
    // prize_name beside the spec's detail: the page shows and remembers what was won, in the
    // visitor's language when the organiser gave the prize a name in it.
    const prizeName = inLanguage(locale, won.prizeName, won.prizeNames);
    const detail = translate(locale, text("visitor.api.won", { prize: prizeName }));
    return json({ detail, prize_name: prizeName }, 201);
  },
);

/**
 * A refused tap into prize_holds_total by its code (a fixed set: anything else, a 503, is not a refusal) and
 * its page's event; a tap on no page, like one with no cookies, counts in the default event's series.
 */
function countRefusal(error: unknown): void {
  if (error instanceof AppError && error.code === "not_found") countHoldRefused("no_page", defaultEventId());
  if (!(error instanceof RefusedTap)) return;
  const code = error.extra.code;
  if (RESERVE_REFUSAL_CODES.includes(code as never)) countHoldRefused(code as (typeof RESERVE_REFUSAL_CODES)[number], error.eventId);
}

export const PATCH = route(
  { access: "public", body: cancelRequest, maxBodyBytes: 1024 },
  async ({ ctx, request, params, body, locale }) => {
    const visitorId = readVisitorId(request);
    if (visitorId && isUrlPath(params.urlPath))
      await cancelReservation({ ctx, input: { urlPath: params.urlPath, visitorId, leaving: body.leaving } });
    return { detail: translate(locale, text("visitor.api.reservationCancelled")) };
  },
);
