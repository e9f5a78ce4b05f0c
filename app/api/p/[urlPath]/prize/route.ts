// GET /api/p/{urlPath}/prize - {has_prize, is_reserved}: is a prize waiting here, and is someone holding it
import { getPublicProductPage } from "@/db/queries/public";
import { route } from "@/lib/api/route";
import { notFound } from "@/lib/errors";
import { NO_PRODUCT } from "@/lib/services/claims/reserve";

export const GET = route({ access: "public" }, async ({ ctx, params }) => {
  const page = await getPublicProductPage({ db: ctx.db, urlPath: params.urlPath ?? "" });
  if (!page) throw notFound(NO_PRODUCT);
  return { has_prize: page.has_prize, is_reserved: page.is_reserved };
});
