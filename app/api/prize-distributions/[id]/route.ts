// PATCH /api/prize-distributions/{id} - switch a placement on or off, or move its drop; DELETE - remove it (or cancel its drop)

import { parseId } from "@/lib/api/params";
import { emptyAfter } from "@/lib/api/respond";
import { route } from "@/lib/api/route";
import { MESSAGES } from "@/lib/messages";
import { deletePlacement } from "@/lib/services/placements/delete";
import { moveDrop } from "@/lib/services/placements/move-drop";
import { setPlacementActive } from "@/lib/services/placements/set-active";
import { patchPlacementBody } from "@/lib/validation/placement";
import { WRITE_ROLES } from "@/shared/roles";

const NOT_FOUND = MESSAGES.placementNotFound;

export const PATCH = route({ access: "admin", roles: WRITE_ROLES, body: patchPlacementBody }, async ({ ctx, params, body }) => {
  const id = parseId(params.id, NOT_FOUND);
  if (body.drops_at !== undefined) return moveDrop({ ctx, input: { id, drops_at: body.drops_at } });
  if (body.is_active === undefined) throw new Error("patchPlacementBody lets neither through");
  await setPlacementActive({ ctx, input: { id, is_active: body.is_active } });
  return { id, is_active: body.is_active };
});

export const DELETE = route({ access: "admin", roles: WRITE_ROLES }, async ({ ctx, params }) =>
  emptyAfter(deletePlacement({ ctx, input: { id: parseId(params.id, NOT_FOUND) } })),
);
