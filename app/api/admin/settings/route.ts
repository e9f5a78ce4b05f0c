// GET /api/admin/settings - maintenance mode and event period; PATCH - change any of them

import { readSettings } from "@/db/queries/settings";
import { route } from "@/lib/api/route";
import { getConfig } from "@/lib/config";
import { adoptEventTimeZone } from "@/lib/event/time-zone";
import { withNoticeDefaults } from "@/lib/privacy/notice";
import { updateSettings } from "@/lib/services/settings/update";
import { updateSettingsBody } from "@/lib/validation/settings";
import { ANY_ROLE, WRITE_ROLES } from "@/shared/roles";

// Every role reads them: the winners screen (the desk's too) takes its default dates from the event period.
// The answers carry the default privacy notice in both languages: the settings screen previews it.
export const GET = route({ access: "admin", roles: ANY_ROLE }, async ({ ctx }) =>
  withNoticeDefaults(await readSettings({ db: ctx.db, eventId: ctx.eventId, eventPeriod: getConfig().eventPeriod })),
);

export const PATCH = route({ access: "admin", roles: WRITE_ROLES, body: updateSettingsBody }, async ({ ctx, body }) => {
  const updated = await updateSettings({ ctx, input: body });
  // This instance follows a new clock at once; the others within a second (lib/event/time-zone.ts).
  adoptEventTimeZone(ctx.eventId, updated.time_zone);
  return withNoticeDefaults(updated);
});
