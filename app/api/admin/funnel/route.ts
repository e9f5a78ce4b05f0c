// GET /api/admin/funnel/ - scans, taps, holds, wins and hand-overs: totals, per hour and per product page
import { readFunnel } from "@/db/queries/funnel";
import { route } from "@/lib/api/route";
import { funnelQuery } from "@/lib/validation/funnel";
import { READ_ROLES } from "@/shared/roles";

export const GET = route({ access: "admin", roles: READ_ROLES, query: funnelQuery }, async ({ ctx, query }) =>
  readFunnel({ db: ctx.db, eventId: ctx.eventId, filter: query }),
);
