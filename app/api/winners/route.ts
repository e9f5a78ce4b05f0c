// GET /api/winners - paged winners, newest first, with the filters of server-behaviour.md (Winners)

import { listWinners } from "@/db/queries/winners";
import { pageWindow, toPage } from "@/lib/api/pagination";
import { route } from "@/lib/api/route";
import { DESK_READ_ROLES } from "@/lib/auth/roles";
import { listWinnersQuery } from "@/lib/validation/winner";

export const GET = route({ access: "admin", roles: DESK_READ_ROLES, query: listWinnersQuery }, async ({ ctx, query, request }) => {
  const { count, results } = await listWinners({ db: ctx.db, filter: query, ...pageWindow(query) });
  return toPage(request.url, query, count, results);
});
