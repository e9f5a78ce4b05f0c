// GET /api/admin/webhooks/ - every webhook receiver (no secrets); POST - add one {url, types, active, include_nickname}, answered with its secret once
import { pageQuery, pageWindow, toPage } from "@/lib/api/pagination";
import { json } from "@/lib/api/respond";
import { route } from "@/lib/api/route";
import { createEndpoint, listEndpoints } from "@/lib/services/webhooks/endpoints";
import { createWebhookBody } from "@/lib/validation/webhook";
import { WRITE_ROLES } from "@/shared/roles";

// A handful of receivers: read them all, page in memory, answer in the paged shape of every list.
export const GET = route({ access: "admin", roles: WRITE_ROLES, query: pageQuery }, async ({ ctx, query, request }) => {
  const endpoints = await listEndpoints(ctx.db, ctx.eventId);
  const { limit, offset } = pageWindow(query);
  return toPage(request.url, query, endpoints.length, endpoints.slice(offset, offset + limit));
});

export const POST = route({ access: "admin", roles: WRITE_ROLES, body: createWebhookBody, maxBodyBytes: 8 * 1024 }, async ({ ctx, body }) =>
  json(await createEndpoint({ ctx, input: body }), 201),
);
