// DELETE /api/winners/{id} - remove a winner record (the unit does not go back to stock)

import { parseId } from "@/lib/api/params";
import { emptyAfter } from "@/lib/api/respond";
import { route } from "@/lib/api/route";
import { deleteWinner } from "@/lib/services/winners/delete";
import { WINNER_NOT_FOUND } from "@/lib/services/winners/messages";
import { WRITE_ROLES } from "@/shared/roles";

export const DELETE = route({ access: "admin", roles: WRITE_ROLES }, async ({ ctx, params }) =>
  emptyAfter(deleteWinner({ ctx, input: { id: parseId(params.id, WINNER_NOT_FOUND) } })),
);
