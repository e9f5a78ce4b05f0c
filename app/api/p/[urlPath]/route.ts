// GET /api/p/{urlPath} - the public product page's data

import { getPublicProductPage } from "@/db/queries/public";
import { route } from "@/lib/api/route";
import { notFound } from "@/lib/errors";
import { countFunnel } from "@/lib/funnel/flusher";
import { NO_PRODUCT } from "@/lib/services/claims/reserve";

// The name and description in the caller's language when the organiser gave them (the spec's fields, filled).
// The spec's client asks this once as its page opens: that is its page view, the funnel's scan (our own page
// is rendered on the server and counts with its first state call instead, `?view=1`).
export const GET = route({ access: "public" }, async ({ ctx, params, locale }) => {
  const urlPath = params.urlPath ?? "";
  const found = await getPublicProductPage({ db: ctx.db, urlPath, locale });
  if (!found) throw notFound(NO_PRODUCT);
  countFunnel("scans", { urlPath });
  const { eventId: _internal, ...page } = found;
  return page;
});
