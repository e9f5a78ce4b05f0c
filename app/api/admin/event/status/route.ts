// GET /api/admin/event/status/ - visitors playing right now and winners, told before starting a new event
import { readEventStatus } from "@/db/queries/event-archive";
import { route } from "@/lib/api/route";
import type { EventStatus } from "@/shared/contracts/new-event";
import { READ_ROLES } from "@/shared/roles";

export const GET = route(
  { access: "admin", roles: READ_ROLES },
  async ({ ctx }): Promise<EventStatus> => readEventStatus(ctx.db, ctx.eventId),
);
