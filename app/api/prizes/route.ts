// GET /api/prizes - paged prize list with search; POST /api/prizes - create a prize (multipart, optional image)

import { getPrize, listPrizes } from "@/db/queries/prizes";
import { pageWindow, searchablePageQuery, toPage } from "@/lib/api/pagination";
import { json } from "@/lib/api/respond";
import { route } from "@/lib/api/route";
import { imageUploadBody } from "@/lib/images/upload";
import { createPrize } from "@/lib/services/prizes/create";
import { createPrizeBody } from "@/lib/validation/prize";
import { READ_ROLES, WRITE_ROLES } from "@/shared/roles";

export const GET = route({ access: "admin", roles: READ_ROLES, query: searchablePageQuery }, async ({ ctx, query, request }) => {
  const { count, results } = await listPrizes({ db: ctx.db, eventId: ctx.eventId, search: query.search, ...pageWindow(query) });
  return toPage(request.url, query, count, results);
});

export const POST = route(
  {
    access: "admin",
    roles: WRITE_ROLES,
    body: createPrizeBody,
    ...imageUploadBody("prize"),
  },
  async ({ ctx, body }) => {
    const { id } = await createPrize({ ctx, input: body });
    return json(await getPrize({ db: ctx.db, eventId: ctx.eventId, id }), 201);
  },
);
