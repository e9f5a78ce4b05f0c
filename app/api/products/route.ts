// GET /api/products - product pages, newest first: page, page_size (1..1000), search over name and description
import { listProducts } from "@/db/queries/products";
import { pageWindow, searchablePageQuery, toPage } from "@/lib/api/pagination";
import { route } from "@/lib/api/route";

export const GET = route({ access: "admin", query: searchablePageQuery }, async ({ ctx, query, request }) => {
  const { count, results } = await listProducts({ db: ctx.db, search: query.search, ...pageWindow(query) });
  return toPage(request.url, query, count, results);
});
