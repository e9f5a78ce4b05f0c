// PATCH /api/prize-distributions/{id} - switch a placement on or off; DELETE - remove it

import { parseId } from "@/lib/api/params";
import { route } from "@/lib/api/route";
import { WRITE_ROLES } from "@/lib/auth/roles";
import { MESSAGES } from "@/lib/messages";
import { deletePlacement } from "@/lib/services/placements/delete";
import { setPlacementActive } from "@/lib/services/placements/set-active";
import { patchPlacementBody } from "@/lib/validation/placement";

const NOT_FOUND = MESSAGES.placementNotFound;

export const PATCH = route({ access: "admin", roles: WRITE_ROLES, body: patchPlacementBody }, async ({ ctx, params, body }) => {
  const id = parseId(params.id, NOT_FOUND);
  await setPlacementActive({ ctx, input: { id, is_active: body.is_active } });
  return { id, is_active: body.is_active };
});

export const DELETE = route({ access: "admin", roles: WRITE_ROLES }, async ({ ctx, params }) => {
  await deletePlacement({ ctx, input: { id: parseId(params.id, NOT_FOUND) } });
  return new Response(null, { status: 204 });
});
