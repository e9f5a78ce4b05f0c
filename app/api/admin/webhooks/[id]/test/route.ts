// POST /api/admin/webhooks/{id}/test/ - queue a `webhook.test` message to this receiver; answers its delivery

import { parseId } from "@/lib/api/params";
import { json } from "@/lib/api/respond";
import { route } from "@/lib/api/route";
import { sendTestMessage, WEBHOOK_NOT_FOUND } from "@/lib/services/webhooks/endpoints";
import { WRITE_ROLES } from "@/shared/roles";

export const POST = route({ access: "admin", roles: WRITE_ROLES }, async ({ ctx, params }) =>
  json(await sendTestMessage({ ctx, input: { id: parseId(params.id, WEBHOOK_NOT_FOUND) } }), 202),
);
