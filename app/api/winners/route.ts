// GET /api/winners - paged winners, newest first, with the filters of server-behaviour.md (Winners)

import { countWaitingWithCode, listWinners } from "@/db/queries/winners";
import { pageWindow, toPage } from "@/lib/api/pagination";
import { route } from "@/lib/api/route";
import { seesCodes, winnerFor } from "@/lib/services/winners/desk-view";
import { listWinnersQuery } from "@/lib/validation/winner";
import { DESK_READ_ROLES } from "@/shared/roles";

export const GET = route({ access: "admin", roles: DESK_READ_ROLES, query: listWinnersQuery }, async ({ ctx, query, request }) => {
  // The prize desk finds a winner by the code the visitor shows, with the nickname or alone: without a
  // code it finds no one (a nickname alone, a search, a bare list), and it never receives a code.
  if (!seesCodes(ctx.admin) && query.code === undefined) return toPage(request.url, query, 0, []);
  // Two visitors waiting with one code: showing both would let either collect the other's prize, so the
  // desk asks for the nickname first.
  if (
    query.code !== undefined &&
    query.name === undefined &&
    (await countWaitingWithCode({ db: ctx.db, eventId: ctx.eventId, code: query.code })) > 1
  ) {
    return { ...toPage(request.url, query, 0, []), nickname_needed: true };
  }
  const { count, results } = await listWinners({ db: ctx.db, eventId: ctx.eventId, filter: query, ...pageWindow(query) });
  return toPage(
    request.url,
    query,
    count,
    results.map((winner) => winnerFor(ctx.admin, winner)),
  );
});
