// GET /api/admin/webhooks/{id}/ - one receiver; PATCH - change any of url, types, active, include_nickname; DELETE - remove it and its deliveries
import { parseId } from "@/lib/api/params";
import { emptyAfter } from "@/lib/api/respond";
import { route } from "@/lib/api/route";
import { deleteEndpoint, getEndpoint, updateEndpoint, WEBHOOK_NOT_FOUND } from "@/lib/services/webhooks/endpoints";
import { updateWebhookBody } from "@/lib/validation/webhook";
import { WRITE_ROLES } from "@/shared/roles";

export const GET = route({ access: "admin", roles: WRITE_ROLES }, async ({ ctx, params }) =>
  getEndpoint(ctx.db, ctx.eventId, parseId(params.id, WEBHOOK_NOT_FOUND)),
);

export const PATCH = route(
  { access: "admin", roles: WRITE_ROLES, body: updateWebhookBody, maxBodyBytes: 8 * 1024 },
  async ({ ctx, params, body }) => updateEndpoint({ ctx, input: { ...body, id: parseId(params.id, WEBHOOK_NOT_FOUND) } }),
);

export const DELETE = route({ access: "admin", roles: WRITE_ROLES }, async ({ ctx, params }) =>
  emptyAfter(deleteEndpoint({ ctx, input: { id: parseId(params.id, WEBHOOK_NOT_FOUND) } })),
);
