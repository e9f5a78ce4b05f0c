// POST /api/prizes/reset_all_daily - set today's handed-out count of every prize back to 0

import { route } from "@/lib/api/route";
import { translate } from "@/lib/i18n/translate";
import { resetDailyCounter } from "@/lib/services/prizes/reset-daily";
import { text } from "@/shared/i18n/text";
import { WRITE_ROLES } from "@/shared/roles";

export const POST = route({ access: "admin", roles: WRITE_ROLES }, async ({ ctx, locale }) => {
  const { count } = await resetDailyCounter({ ctx, input: { id: "all" } });
  return { detail: translate(locale, text("errors.prizes.resetAll", { count })), count };
});
