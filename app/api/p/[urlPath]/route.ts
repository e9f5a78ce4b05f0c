// GET /api/p/{urlPath} - the public product page's data

import { getPublicProductPage } from "@/db/queries/public";
import { route } from "@/lib/api/route";
import { notFound } from "@/lib/errors";
import { NO_PRODUCT } from "@/lib/services/claims/reserve";

// The name and description in the caller's language when the organiser gave them (the spec's fields, filled).
export const GET = route({ access: "public" }, async ({ ctx, params, locale }) => {
  const page = await getPublicProductPage({ db: ctx.db, urlPath: params.urlPath ?? "", locale });
  if (!page) throw notFound(NO_PRODUCT);
  return page;
});
