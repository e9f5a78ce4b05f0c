// GET /api/prizes/{id}/winners - the winners of one prize, newest first (paged; page_size up to 1000)

import { getPrize, listPrizeWinners } from "@/db/queries/prizes";
import { pageQuery, pageWindow, toPage } from "@/lib/api/pagination";
import { parseId } from "@/lib/api/params";
import { route } from "@/lib/api/route";
import { notFound } from "@/lib/errors";
import { MESSAGES } from "@/lib/messages";
import { READ_ROLES } from "@/shared/roles";

export const GET = route({ access: "admin", roles: READ_ROLES, query: pageQuery }, async ({ ctx, params, query, request }) => {
  const prizeId = parseId(params.id, MESSAGES.prizeNotFound);
  if (!(await getPrize({ db: ctx.db, eventId: ctx.eventId, id: prizeId }))) throw notFound(MESSAGES.prizeNotFound);
  const { count, results } = await listPrizeWinners({ db: ctx.db, eventId: ctx.eventId, prizeId, ...pageWindow(query) });
  return toPage(request.url, query, count, results);
});
