// GET /api/p/{urlPath}/prize - {has_prize, is_reserved, event_state}: is a prize waiting here, is someone
// holding it, and is the event open (with `opens_at` before its hours, `message` whenever it is not open);
// `my_win` for a visitor who won here (their win's status and deadline)
import { eventRulesAt } from "@/db/queries/event-rules";
import { myWinOnPage } from "@/db/queries/my-win";
import { getPublicPageState } from "@/db/queries/public";
import { route } from "@/lib/api/route";
import { readVisitorId } from "@/lib/api/visitor";
import { getConfig } from "@/lib/config";
import { notFound } from "@/lib/errors";
import { closedEventMessage } from "@/lib/event/messages";
import { localeOfRequest } from "@/lib/i18n/request-locale";
import { sayIn } from "@/lib/i18n/translate";
import { NO_PRODUCT } from "@/lib/services/claims/reserve";

// The page's state read (the one proxy.ts makes for a scan): the flags without the product's text and picture.
export const GET = route({ access: "public" }, async ({ ctx, params, request }) => {
  const urlPath = params.urlPath ?? "";
  const state = await getPublicPageState({ db: ctx.db, urlPath });
  if (!state) throw notFound(NO_PRODUCT);
  // The win card's deadline (issue 32): only for a visitor who won here, by their cookie; absent otherwise.
  const visitorId = readVisitorId(request);
  const myWin = visitorId ? await myWinOnPage({ db: ctx.db, urlPath, visitorId, locale: localeOfRequest(request) }) : null;
  const answer = {
    has_prize: state.has_prize,
    is_reserved: state.is_reserved,
    event_state: state.event_state,
    ...(myWin ? { my_win: myWin } : {}),
  };
  if (state.event_state === "open") return answer;
  const rules = await eventRulesAt(ctx.db, state.rules_version);
  return {
    ...answer,
    ...(state.event_state === "not_started" && rules.startsAt ? { opens_at: rules.startsAt } : {}),
    message: sayIn(localeOfRequest(request), closedEventMessage({ ...rules, state: state.event_state }, getConfig().timeZone) ?? ""),
  };
});
