// POST /api/winners/{id}/mark_received - the prize desk hands the prize over (409 if already handed over)
import { parseId } from "@/lib/api/params";
import { route } from "@/lib/api/route";
import { markReceived } from "@/lib/services/winners/mark-received";
import { WINNER_NOT_FOUND } from "@/lib/services/winners/messages";

export const POST = route({ access: "admin" }, async ({ ctx, params }) =>
  markReceived({ ctx, input: { id: parseId(params.id, WINNER_NOT_FOUND) } }),
);
