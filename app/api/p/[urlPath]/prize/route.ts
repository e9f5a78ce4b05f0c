// GET /api/p/{urlPath}/prize - {has_prize, is_reserved, event_state}: is a prize waiting here, is someone
// holding it, and is the event open (with `opens_at` before its hours, `message` whenever it is not open);
// `drops_at` an announced drop still to come, `now` the server's clock (the page counts down on it)
import { eventRulesAt } from "@/db/queries/event-rules";
import { getPublicPageState } from "@/db/queries/public";
import { route } from "@/lib/api/route";
import { getConfig } from "@/lib/config";
import { notFound } from "@/lib/errors";
import { closedEventMessage } from "@/lib/event/messages";
import { localeOfRequest } from "@/lib/i18n/request-locale";
import { sayIn } from "@/lib/i18n/translate";
import { NO_PRODUCT } from "@/lib/services/claims/reserve";

// The page's state read (the one proxy.ts makes for a scan): the flags without the product's text and picture.
export const GET = route({ access: "public" }, async ({ ctx, params, request }) => {
  const state = await getPublicPageState({ db: ctx.db, urlPath: params.urlPath ?? "" });
  if (!state) throw notFound(NO_PRODUCT);
  const answer = {
    has_prize: state.has_prize,
    is_reserved: state.is_reserved,
    event_state: state.event_state,
    drops_at: state.drops_at,
    now: state.now,
  };
  if (state.event_state === "open") return answer;
  const rules = await eventRulesAt(ctx.db, state.rules_version);
  return {
    ...answer,
    ...(state.event_state === "not_started" && rules.startsAt ? { opens_at: rules.startsAt } : {}),
    message: sayIn(localeOfRequest(request), closedEventMessage({ ...rules, state: state.event_state }, getConfig().timeZone) ?? ""),
  };
});
