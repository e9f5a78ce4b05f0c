// GET /api/admin/event/archive/ - the whole event as event-YYYYMMDD.zip (winners, audit log, funnel, event.json);
// X-Archive-Cutoff names its last winner's id (server-behaviour.md, "A new event")
import { readSettings } from "@/db/queries/settings";
import { route } from "@/lib/api/route";
import { getConfig } from "@/lib/config";
import { eventTimeZone } from "@/lib/event/time-zone";
import { buildEventArchive, eventArchiveName } from "@/lib/export/event-archive";
import { ARCHIVE_CUTOFF_HEADER } from "@/shared/contracts/new-event";
import { NEW_EVENT_ROLES } from "@/shared/roles";

export const GET = route({ access: "admin", roles: NEW_EVENT_ROLES }, async ({ ctx, locale }) => {
  const { eventPeriod } = getConfig();
  const timeZone = eventTimeZone(ctx.eventId);
  const now = new Date();
  const { file, cutoff } = await buildEventArchive({ db: ctx.db, eventId: ctx.eventId, timeZone, now, locale });
  const { event_start_date } = await readSettings({ db: ctx.db, eventId: ctx.eventId, eventPeriod });
  return new Response(new Uint8Array(file), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${eventArchiveName(event_start_date, now, timeZone)}"`,
      "Content-Length": String(file.byteLength),
      "Cache-Control": "no-store",
      [ARCHIVE_CUTOFF_HEADER]: String(cutoff.last_winner_id),
    },
  });
});
