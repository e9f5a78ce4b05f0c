import { eq } from "drizzle-orm";
import type { Queryable } from "@/db";
import { settings } from "@/db/schema";

export type SystemSettings = {
  maintenance_mode: boolean;
  /** The event period; the winners screen uses it as its default date range. */
  event_start_date: string | null;
  event_end_date: string | null;
};

/**
 * The settings row, with the event period falling back to EVENT_START_DATE / EVENT_END_DATE while the
 * admin has not set one. Not "server-only": the CLI scripts read it too.
 */
export async function readSettings({
  db,
  eventPeriod,
}: {
  db: Queryable;
  eventPeriod: { start: string | undefined; end: string | undefined };
}): Promise<SystemSettings> {
  const [row] = await db
    .select({
      maintenanceMode: settings.maintenanceMode,
      eventStartDate: settings.eventStartDate,
      eventEndDate: settings.eventEndDate,
    })
    .from(settings)
    .where(eq(settings.id, 1));
  const hasOwnPeriod = Boolean(row?.eventStartDate || row?.eventEndDate);
  return {
    maintenance_mode: row?.maintenanceMode ?? false,
    event_start_date: hasOwnPeriod ? (row?.eventStartDate ?? null) : (eventPeriod.start ?? null),
    event_end_date: hasOwnPeriod ? (row?.eventEndDate ?? null) : (eventPeriod.end ?? null),
  };
}
