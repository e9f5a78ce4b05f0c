// POST /api/admin/webhooks/{id}/roll_secret/ - a new signing secret, answered once; the old one signs no more
import { parseId } from "@/lib/api/params";
import { route } from "@/lib/api/route";
import { rollSecret, WEBHOOK_NOT_FOUND } from "@/lib/services/webhooks/endpoints";
import { WRITE_ROLES } from "@/shared/roles";

export const POST = route({ access: "admin", roles: WRITE_ROLES }, async ({ ctx, params }) =>
  rollSecret({ ctx, input: { id: parseId(params.id, WEBHOOK_NOT_FOUND) } }),
);
