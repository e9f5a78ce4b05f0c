// GET /api/prize-distributions - placements, active first, with counts; POST - place a prize by hand

import { listPlacements } from "@/db/queries/placements";
import { pageQuery, pageWindow, toPage } from "@/lib/api/pagination";
import { json } from "@/lib/api/respond";
import { route } from "@/lib/api/route";
import { createPlacement } from "@/lib/services/placements/create";
import { createPlacementBody } from "@/lib/validation/placement";
import { READ_ROLES, WRITE_ROLES } from "@/shared/roles";

export const GET = route({ access: "admin", roles: READ_ROLES, query: pageQuery }, async ({ ctx, query, request }) => {
  const { count, results, active_count, inactive_count } = await listPlacements({ db: ctx.db, eventId: ctx.eventId, ...pageWindow(query) });
  return { ...toPage(request.url, query, count, results), active_count, inactive_count };
});

export const POST = route({ access: "admin", roles: WRITE_ROLES, body: createPlacementBody }, async ({ ctx, body }) => {
  const { id, unplaced } = await createPlacement({ ctx, input: body });
  return json(
    {
      id,
      prize: body.prize,
      product: body.product,
      is_active: body.is_active,
      drops_at: body.drops_at === null ? null : new Date(body.drops_at).toISOString(),
      announce: body.announce,
      unplaced,
    },
    201,
  );
});
