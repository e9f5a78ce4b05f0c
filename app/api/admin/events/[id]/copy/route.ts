// POST /api/admin/events/{id}/copy/ - a draft copy {name, keep_addresses}: settings, pages and prizes at full stock
import { parseId } from "@/lib/api/params";
import { json } from "@/lib/api/respond";
import { route } from "@/lib/api/route";
import { copyEvent } from "@/lib/services/events/lifecycle";
import { EVENT_NOT_FOUND } from "@/lib/services/events/manage";
import { copyEventBody } from "@/lib/validation/event";
import { WRITE_ROLES } from "@/shared/roles";

export const POST = route(
  { access: "admin", roles: WRITE_ROLES, body: copyEventBody, maxBodyBytes: 4 * 1024 },
  async ({ ctx, params, body }) => json(await copyEvent({ ctx, input: { ...body, id: parseId(params.id, EVENT_NOT_FOUND) } }), 201),
);
