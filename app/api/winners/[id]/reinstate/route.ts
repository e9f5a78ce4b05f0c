// POST /api/winners/{id}/reinstate - an expired win takes a free unit again (409 when none is free or it has not expired)

import { parseId } from "@/lib/api/params";
import { route } from "@/lib/api/route";
import { winnerFor } from "@/lib/services/winners/desk-view";
import { WINNER_NOT_FOUND } from "@/lib/services/winners/messages";
import { reinstateWinner } from "@/lib/services/winners/reinstate";
import { DESK_ROLES } from "@/shared/roles";

// The desk never receives a code (winnerFor): it found this winner by the code the visitor showed.
export const POST = route({ access: "admin", roles: DESK_ROLES }, async ({ ctx, params }) =>
  winnerFor(ctx.admin, await reinstateWinner({ ctx, input: { id: parseId(params.id, WINNER_NOT_FOUND) } })),
);
