// POST /api/admin/events/{id}/go_live/ - visitors play; a live event holding one of its addresses closes
import { parseId } from "@/lib/api/params";
import { route } from "@/lib/api/route";
import { goLive } from "@/lib/services/events/lifecycle";
import { EVENT_NOT_FOUND } from "@/lib/services/events/manage";
import { WRITE_ROLES } from "@/shared/roles";

export const POST = route({ access: "admin", roles: WRITE_ROLES }, async ({ ctx, params }) =>
  goLive({ ctx, input: { id: parseId(params.id, EVENT_NOT_FOUND) } }),
);
