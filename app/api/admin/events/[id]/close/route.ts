// POST /api/admin/events/{id}/close/ - nothing more can be held or won; winners, exports and the desk keep working
import { parseId } from "@/lib/api/params";
import { route } from "@/lib/api/route";
import { closeEvent } from "@/lib/services/events/lifecycle";
import { EVENT_NOT_FOUND } from "@/lib/services/events/manage";
import { WRITE_ROLES } from "@/shared/roles";

export const POST = route({ access: "admin", roles: WRITE_ROLES }, async ({ ctx, params }) =>
  closeEvent({ ctx, input: { id: parseId(params.id, EVENT_NOT_FOUND) } }),
);
