// POST /api/admin/webhooks/deliveries/{id}/resend/ - send this message again (same message id), due now

import { parseId } from "@/lib/api/params";
import { json } from "@/lib/api/respond";
import { route } from "@/lib/api/route";
import { DELIVERY_NOT_FOUND, resendDelivery } from "@/lib/services/webhooks/endpoints";
import { WRITE_ROLES } from "@/shared/roles";

export const POST = route({ access: "admin", roles: WRITE_ROLES }, async ({ ctx, params }) =>
  json(await resendDelivery({ ctx, input: { id: parseId(params.id, DELIVERY_NOT_FOUND) } }), 202),
);
