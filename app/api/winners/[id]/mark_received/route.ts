// POST /api/winners/{id}/mark_received - the prize desk hands the prize over (409 if already handed over)
import { parseId } from "@/lib/api/params";
import { route } from "@/lib/api/route";
import { countFunnel } from "@/lib/funnel/flusher";
import { countHandover } from "@/lib/metrics/registry";
import { winnerFor } from "@/lib/services/winners/desk-view";
import { markReceived } from "@/lib/services/winners/mark-received";
import { WINNER_NOT_FOUND } from "@/lib/services/winners/messages";
import { DESK_ROLES } from "@/shared/roles";

export const POST = route({ access: "admin", roles: DESK_ROLES }, async ({ ctx, params }) => {
  const winner = await markReceived({ ctx, input: { id: parseId(params.id, WINNER_NOT_FOUND) } });
  if (winner.product !== null) countFunnel("handed_over", { productId: winner.product });
  countHandover(ctx.eventId);
  return winnerFor(ctx.admin, winner);
});
