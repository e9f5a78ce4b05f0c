// POST /api/prizes/reset_all_daily - set today's handed-out count of every prize back to 0

import { route } from "@/lib/api/route";
import { WRITE_ROLES } from "@/lib/auth/roles";
import { resetDailyCounter } from "@/lib/services/prizes/reset-daily";

export const POST = route({ access: "admin", roles: WRITE_ROLES }, async ({ ctx }) => {
  const { count } = await resetDailyCounter({ ctx, input: { id: "all" } });
  return { detail: `The daily distribution counters of all ${count} prizes were reset.`, count };
});
