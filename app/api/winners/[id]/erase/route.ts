// POST /api/winners/{id}/erase - erase this winner's nickname, code and visitor id now (a waiting win is forfeited)

import { parseId } from "@/lib/api/params";
import { route } from "@/lib/api/route";
import { eraseWinner } from "@/lib/services/privacy/erase-winner";
import { winnerFor } from "@/lib/services/winners/desk-view";
import { WINNER_NOT_FOUND } from "@/lib/services/winners/messages";
import { WRITE_ROLES } from "@/shared/roles";

// Idempotent: a winner erased already is answered as it is (200), with no second audit row.
export const POST = route({ access: "admin", roles: WRITE_ROLES }, async ({ ctx, params }) =>
  winnerFor(ctx.admin, await eraseWinner({ ctx, input: { id: parseId(params.id, WINNER_NOT_FOUND) } })),
);
