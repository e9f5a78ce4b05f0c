import { eq, sql } from "drizzle-orm";
import { readSettings } from "@/db/queries/settings";
import { settings } from "@/db/schema";
import { getConfig } from "@/lib/config";
import { ValidationError } from "@/lib/errors";
import type { UpdateSettingsBody } from "@/lib/validation/settings";
import type { ServiceContext } from "../context";
import { lockPlacementWrites } from "../placements/top-up";

export async function updateSettings({ ctx, input }: { ctx: ServiceContext; input: UpdateSettingsBody }) {
  const { eventPeriod } = getConfig();
  return ctx.db.transaction(async (tx) => {
    // Switching maintenance off waits for a top-up under way, and every later one reads the new setting under
    // the same lock (placements/maintain.ts): once this answers, nothing is placed by itself any more.
    if (input.maintenance_mode === false) await lockPlacementWrites(tx);
    const current = await readSettings({ db: tx, eventPeriod });
    const start = input.event_start_date !== undefined ? input.event_start_date : current.event_start_date;
    const end = input.event_end_date !== undefined ? input.event_end_date : current.event_end_date;
    if (start && end && end < start) throw ValidationError.field("event_end_date", "The end date must not be before the start date.");
    await tx
      .update(settings)
      .set({
        maintenanceMode: input.maintenance_mode ?? current.maintenance_mode,
        eventStartDate: start,
        eventEndDate: end,
        updatedAt: sql`now()`,
      })
      .where(eq(settings.id, 1));
    return readSettings({ db: tx, eventPeriod });
  });
}
