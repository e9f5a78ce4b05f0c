// GET /api/p/{urlPath}/prize - {has_prize, is_reserved}: is a prize waiting here, and is someone holding it
import { getPublicPageState } from "@/db/queries/public";
import { route } from "@/lib/api/route";
import { notFound } from "@/lib/errors";
import { NO_PRODUCT } from "@/lib/services/claims/reserve";

// The page's state read (the one proxy.ts makes for a scan): the flags without the product's text and picture.
export const GET = route({ access: "public" }, async ({ ctx, params }) => {
  const state = await getPublicPageState({ db: ctx.db, urlPath: params.urlPath ?? "" });
  if (!state) throw notFound(NO_PRODUCT);
  return { has_prize: state.has_prize, is_reserved: state.is_reserved };
});
