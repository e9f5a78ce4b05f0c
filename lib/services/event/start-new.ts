import { and, eq, like, or, sql } from "drizzle-orm";
import type { Queryable } from "@/db";
import { events, settings } from "@/db/schema";
import type { StartNewEventBody } from "@/lib/validation/new-event";
import type { NewEventSummary } from "@/shared/contracts/new-event";
import { recordAudit } from "../audit/record";
import type { ServiceContext } from "../context";
import { lockEvents, replaceWithLiveCopy } from "../events/lifecycle";
import { findEvent } from "../events/manage";
import { retryingTransaction } from "../transaction";

/** The points between its steps where a test can make it fail (`afterStep`): all of it rolls back. */
export type NewEventStep = "live" | "settings";

const NAME_MAX = 60;

/**
 * The copy's name: the source's, numbered "(2)", "(3)" and on, the first number no event of that name has
 * (a name already ending in " (N)" counts on from it), cut to fit 60 characters. An organiser can tell the
 * editions apart in the list and rename one at will.
 */
async function nextEditionName(tx: Queryable, name: string): Promise<string> {
  const numbered = /^(.*) \((\d+)\)$/.exec(name);
  const base = numbered ? numbered[1]! : name;
  const taken = new Set(
    (
      await tx
        .select({ name: events.name })
        .from(events)
        .where(or(eq(events.name, base), like(events.name, `${base.replace(/[\\%_]/g, "\\$&")} (%)`)))
    ).map((row) => row.name),
  );
  for (let edition = numbered ? Number(numbered[2]) + 1 : 2; ; edition += 1) {
    const suffix = ` (${edition})`;
    const candidate = `${base.slice(0, NAME_MAX - suffix.length)}${suffix}`;
    if (!taken.has(candidate)) return candidate;
  }
}

/**
 * "Start a new event" (server-behaviour.md, "A new event"): in one transaction, closes the call's event
 * (kept whole: its winners, placements, funnel and audit rows stay, listed and exported when acting on it)
 * and puts live a copy of it keeping its addresses, so the printed QR codes lead to the copy from the commit
 * on; with `restore` its prizes at full stock, with `remove` none. The copy starts with automatic placement
 * switched off: nothing is won in it before the organiser places prizes. If the closed event was the
 * default, the copy becomes it. Nothing is deleted, so `archive_cutoff` is accepted and ignored.
 */
export async function startNewEvent({
  ctx,
  input,
  afterStep,
}: {
  ctx: ServiceContext;
  input: StartNewEventBody;
  afterStep?: (step: NewEventStep) => Promise<void> | void;
}): Promise<NewEventSummary> {
  return retryingTransaction(ctx.db, async (tx) => {
    await lockEvents(tx);
    const source = await findEvent(tx, ctx, ctx.eventId);
    const withPrizes = input.prizes === "restore";
    const copy = await replaceWithLiveCopy(tx, ctx, source, { name: await nextEditionName(tx, source.name), withPrizes });

    await afterStep?.("live");
    const switchedOff = await tx
      .update(settings)
      .set({ maintenanceMode: false, updatedAt: sql`now()` })
      .where(and(eq(settings.id, copy), eq(settings.maintenanceMode, true)))
      .returning({ id: settings.id });
    if (switchedOff.length > 0)
      await recordAudit(
        tx,
        { ...ctx, eventId: copy },
        {
          action: "settings.update",
          target: { type: "settings", id: copy, name: "System settings" },
          changes: { maintenance_mode: { before: true, after: false } },
        },
      );
    await afterStep?.("settings");
    const made = await findEvent(tx, ctx, copy);
    return {
      event_id: made.id,
      event_name: made.name,
      closed_event_id: source.id,
      winners_kept: source.winners,
      winners_removed: 0,
      placements_removed: 0,
      prizes_restored: withPrizes ? made.prizes : 0,
      prizes_removed: withPrizes ? 0 : source.prizes,
    };
  });
}
