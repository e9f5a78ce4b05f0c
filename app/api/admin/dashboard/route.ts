// GET /api/admin/dashboard - the event at a glance: totals, recent winners, prize and product page status

import { readDashboard } from "@/db/queries/dashboard";
import { route } from "@/lib/api/route";
import { READ_ROLES } from "@/shared/roles";

export const GET = route({ access: "admin", roles: READ_ROLES }, async ({ ctx }) => readDashboard({ db: ctx.db, eventId: ctx.eventId }));
