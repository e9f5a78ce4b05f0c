// GET /api/products - product pages, newest first: page, page_size (1..1000), search over name and description

import { listProducts } from "@/db/queries/products";
import { pageWindow, searchablePageQuery, toPage } from "@/lib/api/pagination";
import { route } from "@/lib/api/route";
import type { Page } from "@/shared/contracts/page";
import type { ProductRow } from "@/shared/contracts/products";
import { READ_ROLES } from "@/shared/roles";

export const GET = route({ access: "admin", roles: READ_ROLES, query: searchablePageQuery }, async ({ ctx, query, request }) => {
  const { count, results } = await listProducts({ db: ctx.db, eventId: ctx.eventId, search: query.search, ...pageWindow(query) });
  const page: Page<ProductRow> = toPage(request.url, query, count, results);
  return page;
});
