// GET /api/admin/events/{id}/ - one event with its counts; PATCH - rename it {name}; DELETE - a draft nobody won in
import { parseId } from "@/lib/api/params";
import { emptyAfter } from "@/lib/api/respond";
import { route } from "@/lib/api/route";
import { deleteEvent, EVENT_NOT_FOUND, findEvent, renameEvent } from "@/lib/services/events/manage";
import { eventNameBody } from "@/lib/validation/event";
import { ANY_ROLE, WRITE_ROLES } from "@/shared/roles";

export const GET = route({ access: "admin", roles: ANY_ROLE }, async ({ ctx, params }) =>
  findEvent(ctx.db, ctx, parseId(params.id, EVENT_NOT_FOUND)),
);

export const PATCH = route(
  { access: "admin", roles: WRITE_ROLES, body: eventNameBody, maxBodyBytes: 4 * 1024 },
  async ({ ctx, params, body }) => renameEvent({ ctx, input: { ...body, id: parseId(params.id, EVENT_NOT_FOUND) } }),
);

export const DELETE = route({ access: "admin", roles: WRITE_ROLES }, async ({ ctx, params }) =>
  emptyAfter(deleteEvent({ ctx, input: { id: parseId(params.id, EVENT_NOT_FOUND) } })),
);
