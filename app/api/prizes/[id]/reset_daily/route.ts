// POST /api/prizes/{id}/reset_daily - set today's handed-out count of one prize back to 0

import { parseId } from "@/lib/api/params";
import { route } from "@/lib/api/route";
import { translate } from "@/lib/i18n/translate";
import { MESSAGES } from "@/lib/messages";
import { resetDailyCounter } from "@/lib/services/prizes/reset-daily";
import { text } from "@/shared/i18n/text";
import { WRITE_ROLES } from "@/shared/roles";

export const POST = route({ access: "admin", roles: WRITE_ROLES }, async ({ ctx, params, locale }) => {
  await resetDailyCounter({ ctx, input: { id: parseId(params.id, MESSAGES.prizeNotFound) } });
  return { detail: translate(locale, text("errors.prizes.resetOne")) };
});
