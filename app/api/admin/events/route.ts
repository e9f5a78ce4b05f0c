// GET /api/admin/events/ - the events this account may act on, with status and counts; POST - a new draft {name}
import { pageQuery, pageWindow, toPage } from "@/lib/api/pagination";
import { json } from "@/lib/api/respond";
import { route } from "@/lib/api/route";
import { createEvent, listEvents } from "@/lib/services/events/manage";
import { eventNameBody } from "@/lib/validation/event";
import { ANY_ROLE, WRITE_ROLES } from "@/shared/roles";

// Every account reads the list: the header's switcher shows it. A handful of events: paged in memory.
export const GET = route({ access: "admin", roles: ANY_ROLE, query: pageQuery }, async ({ ctx, query, request }) => {
  const all = await listEvents(ctx);
  const { limit, offset } = pageWindow(query);
  return toPage(request.url, query, all.length, all.slice(offset, offset + limit));
});

export const POST = route({ access: "admin", roles: WRITE_ROLES, body: eventNameBody, maxBodyBytes: 4 * 1024 }, async ({ ctx, body }) =>
  json(await createEvent({ ctx, input: body }), 201),
);
