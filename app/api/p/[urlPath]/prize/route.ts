// GET /api/p/{urlPath}/prize - {has_prize, is_reserved, event_state, my_hold, my_win}: is a prize waiting here,
// is someone holding it (`my_hold`: the caller, by their visitor cookie, with the seconds left), is the event
// open (with `opens_at` before its hours, `message` whenever it is not open), and `my_win` for a visitor who
// won here (their win's status and deadline)
// `drops_at` an announced drop still to come, `now` the server's clock (the page counts down on it).
// `?view=1`: the page's first call after it loads, which counts the funnel's scan (never cached: it also
// hands a new visitor the csrftoken and visitor_id cookies, through proxy.ts)
import { eventRulesAt } from "@/db/queries/event-rules";
import { myWinOnPage } from "@/db/queries/my-win";
import { getMyHold, getPublicPageState } from "@/db/queries/public";
import { route } from "@/lib/api/route";
import { readVisitorId } from "@/lib/api/visitor";
import { notFound } from "@/lib/errors";
import { closedEventMessage } from "@/lib/event/messages";
import { countFunnel } from "@/lib/funnel/flusher";
import { sayIn } from "@/lib/i18n/translate";
import { NO_PRODUCT } from "@/lib/services/claims/reserve";
import { pageStateQuery } from "@/lib/validation/page-view";

// The page's state read (the one proxy.ts makes for a scan): the flags without the product's text and picture.
export const GET = route({ access: "public", query: pageStateQuery }, async ({ ctx, params, request, query, locale }) => {
  const urlPath = params.urlPath ?? "";
  const state = await getPublicPageState({ db: ctx.db, urlPath });
  if (!state) throw notFound(NO_PRODUCT);
  // A page view: counted here, whoever answered the page's HTML (an instance, nginx's cache, a CDN).
  if (query.view) countFunnel("scans", { urlPath });
  const visitorId = readVisitorId(request);
  // Only a held prize can be the caller's: the read costs nothing on a page nobody holds.
  const myHold = visitorId && state.is_reserved ? await getMyHold({ db: ctx.db, urlPath, visitorId }) : null;
  // The win card's deadline: only for a visitor who won here, by their cookie; absent otherwise.
  const myWin = visitorId ? await myWinOnPage({ db: ctx.db, urlPath, visitorId, locale }) : null;
  // Only to their owner: everyone else gets the spec's answer, unchanged.
  const answer = {
    has_prize: state.has_prize,
    is_reserved: state.is_reserved,
    event_state: state.event_state,
    drops_at: state.drops_at,
    now: state.now,
    ...(myHold ? { my_hold: myHold } : {}),
    ...(myWin ? { my_win: myWin } : {}),
  };
  if (state.event_state === "open") return answer;
  const rules = await eventRulesAt(ctx.db, { eventId: state.event_id, version: state.rules_version });
  return {
    ...answer,
    ...(state.event_state === "not_started" && rules.startsAt ? { opens_at: rules.startsAt } : {}),
    message: sayIn(locale, closedEventMessage({ ...rules, state: state.event_state }, rules.timeZone) ?? ""),
  };
});
