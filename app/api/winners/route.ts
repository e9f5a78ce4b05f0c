// GET /api/winners - paged winners, newest first, with the filters of server-behaviour.md (Winners)
import { listWinners } from "@/db/queries/winners";
import { pageWindow, toPage } from "@/lib/api/pagination";
import { route } from "@/lib/api/route";
import { listWinnersQuery } from "@/lib/validation/winner";

export const GET = route({ access: "admin", query: listWinnersQuery }, async ({ ctx, query, request }) => {
  const { count, results } = await listWinners({ db: ctx.db, filter: query, ...pageWindow(query) });
  return toPage(request.url, query, count, results);
});
