// GET /api/prize-distributions/drops - the drops still to come, soonest first, with the server's clock

import { listScheduledDrops } from "@/db/queries/placements";
import { route } from "@/lib/api/route";
import type { ScheduledDrops } from "@/shared/contracts/placements";
import { READ_ROLES } from "@/shared/roles";

export const GET = route({ access: "admin", roles: READ_ROLES }, async ({ ctx }): Promise<ScheduledDrops> => {
  const { results, now } = await listScheduledDrops({ db: ctx.db, eventId: ctx.eventId });
  return { results: results.map((row) => ({ ...row, drops_at: new Date(row.drops_at!).toISOString() })), now };
});
