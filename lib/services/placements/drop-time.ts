import { eq, sql } from "drizzle-orm";
import type { Queryable } from "@/db";
import { settings } from "@/db/schema";
import { ValidationError } from "@/lib/errors";
import { text } from "@/shared/i18n/text";

/**
 * A drop's time must be in the future on the database's clock (the clock the hold compares it with) and,
 * when the event has opening hours, inside them: a drop outside them would never go live. Refused as a
 * 400 on `drops_at`. The opening hours are those of the placement's event.
 */
export async function assertDropTime(tx: Queryable, eventId: number, dropsAt: string): Promise<void> {
  const at = new Date(dropsAt);
  const [row] = await tx
    .select({
      future: sql<boolean>`${at.toISOString()}::timestamptz > now()`,
      inHours: sql<boolean>`(${settings.eventStartsAt} is null or ${at.toISOString()}::timestamptz >= ${settings.eventStartsAt})
        and (${settings.eventEndsAt} is null or ${at.toISOString()}::timestamptz < ${settings.eventEndsAt})`,
    })
    .from(settings)
    .where(eq(settings.id, eventId));
  if (!row?.future) throw ValidationError.field("drops_at", text("validation.placement.dropsAtFuture"));
  if (!row.inHours) throw ValidationError.field("drops_at", text("validation.placement.dropsAtHours"));
}
