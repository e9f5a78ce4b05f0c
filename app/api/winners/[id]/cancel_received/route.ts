// POST /api/winners/{id}/cancel_received - undo a hand-over (idempotent)

import { parseId } from "@/lib/api/params";
import { route } from "@/lib/api/route";
import { cancelReceived } from "@/lib/services/winners/cancel-received";
import { winnerFor } from "@/lib/services/winners/desk-view";
import { WINNER_NOT_FOUND } from "@/lib/services/winners/messages";
import { DESK_ROLES } from "@/shared/roles";

export const POST = route({ access: "admin", roles: DESK_ROLES }, async ({ ctx, params }) =>
  winnerFor(ctx.admin, await cancelReceived({ ctx, input: { id: parseId(params.id, WINNER_NOT_FOUND) } })),
);
