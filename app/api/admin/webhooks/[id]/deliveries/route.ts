// GET /api/admin/webhooks/{id}/deliveries/ - this receiver's messages, newest first, paged: status, tries, last response

import { pageQuery, pageWindow, toPage } from "@/lib/api/pagination";
import { parseId } from "@/lib/api/params";
import { route } from "@/lib/api/route";
import { listDeliveries, WEBHOOK_NOT_FOUND } from "@/lib/services/webhooks/endpoints";
import { WRITE_ROLES } from "@/shared/roles";

export const GET = route({ access: "admin", roles: WRITE_ROLES, query: pageQuery }, async ({ ctx, params, query, request }) => {
  const { count, results } = await listDeliveries(ctx.db, ctx.eventId, parseId(params.id, WEBHOOK_NOT_FOUND), pageWindow(query));
  return toPage(request.url, query, count, results);
});
