import { asc, count, eq, gt, sql } from "drizzle-orm";
import type { Queryable } from "@/db";
import { EVENT_RESET_ACTION } from "@/db/queries/event-resets";
import { funnelHourlyTallies, placements, prizes, settings, winnerHourlyTallies, winners, winnerTallies } from "@/db/schema";
import { conflict } from "@/lib/errors";
import type { StartNewEventBody } from "@/lib/validation/new-event";
import type { NewEventRefusalCode } from "@/shared/contracts/new-event";
import { text } from "@/shared/i18n/text";
import { recordAudit } from "../audit/record";
import { closeEventGate } from "../claims/event-gate";
import type { ServiceContext } from "../context";
import { lockPlacementWrites } from "../placements/top-up";
import { retryingTransaction } from "../transaction";
import { enqueueWebhooks } from "../webhooks/enqueue";

/** The points between the reset's steps, where a test can make it fail halfway (`afterStep`). */
export type NewEventStep = "locked" | "winners" | "placements" | "counters" | "prizes";

export type NewEventSummary = {
  winners_removed: number;
  placements_removed: number;
  prizes_restored: number;
  prizes_removed: number;
};

async function deleteCounting(tx: Queryable, table: typeof winners | typeof placements | typeof prizes): Promise<number> {
  // Counted in SQL: 100,000 deleted winners need not travel back as 100,000 ids.
  const result = await tx.execute(sql`with gone as (delete from ${table} returning 1) select count(*)::int as count from gone`);
  // postgres.js answers an array of rows, PGlite an object holding them (as in db/queries/funnel.ts).
  const rows = (Array.isArray(result) ? result : (result as unknown as { rows: unknown[] }).rows) as { count: number }[];
  return rows[0]?.count ?? 0;
}

/**
 * Refuses the reset (409, nothing changed) while a winner exists that the owner's archive does not hold:
 * any winner when no archive was named, else any newer than its cut-off. Runs with the winners table held
 * `EXCLUSIVE`, so no claim can commit a win between this count and the delete: a claim that made its winner
 * before the lock has committed (the lock waited for it) and is counted; one after waits for the reset's
 * commit, then finds its hold gone ("the event has ended"), or, when this refused, wins as usual.
 */
async function refuseWinsNotArchived(tx: Queryable, cutoff: number | null | undefined) {
  const [newer] = await tx
    .select({ count: count() })
    .from(winners)
    .where(cutoff == null ? undefined : gt(winners.id, cutoff));
  const wins = newer?.count ?? 0;
  if (wins === 0) return;
  const code: NewEventRefusalCode = cutoff == null ? "archive_missing" : "archive_outdated";
  const said = text(code === "archive_missing" ? "errors.newEvent.archiveMissing" : "errors.newEvent.archiveOutdated", { count: wins });
  throw conflict(said, { code, wins_after_archive: wins });
}

/**
 * "Start a new event" (server-behaviour.md, "A new event"): removes winners, placements (live holds go with
 * them), winner and funnel tallies and the prizes' daily and hourly counts; restores each prize's stock to
 * its total, or removes the prizes; keeps the product pages (their url_path, so their QR codes) and the
 * settings, except maintenance mode, switched off so nothing goes live before the organiser places prizes.
 * One transaction: a failure at any step leaves everything as it was (`afterStep` lets a test fail it).
 *
 * Locks, in the documented order (../README.md): the placement-writes lock (no top-up meanwhile), the event
 * gate exclusively (no reserve meanwhile; claims wait on the prize rows below), the funnel tallies table
 * (a flush under way finishes first, and a later one waits and then sees the reset: lib/funnel/counter.ts),
 * the settings row, every prize row in id order, then the winners table (writers only; readers go on) and
 * the placements. Under the winners lock, before anything is deleted, it checks that the archive the owner
 * took (`archive_cutoff`) holds every winner, else refuses with 409 (server-behaviour.md, "A new event keeps
 * every win").
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
    await lockPlacementWrites(tx);
    await closeEventGate(tx);
    await tx.execute(sql`lock table ${funnelHourlyTallies} in exclusive mode`);
    const [before] = await tx.select({ maintenanceMode: settings.maintenanceMode }).from(settings).where(eq(settings.id, 1)).for("update");
    if (!before) throw new Error("The settings row is missing: the migrations create it.");
    const lockedPrizes = await tx.select({ id: prizes.id }).from(prizes).orderBy(asc(prizes.id)).for("update");
    await afterStep?.("locked");

    // The winners table is locked against writers (a desk's hand-over, a winner's delete; readers go on) only
    // now: every claim that took a unit finished before the prize rows were ours. Their tallies are emptied
    // first, by TRUNCATE (rolled back with the rest on failure), so each deleted winner's triggers find an
    // empty table to count down in: a DELETE leaves the rows for them to scan, and 100,000 winners then took
    // longer than the statement timeout. A reader of the tallies waits for the commit; it holds nothing the
    // reset needs. Winners go before placements, so each deleted placement finds no winner to unlink.
    await tx.execute(sql`lock table ${winners} in exclusive mode`);
    await refuseWinsNotArchived(tx, input.archive_cutoff);
    await tx.execute(sql`truncate ${winnerTallies}, ${winnerHourlyTallies}`);
    const winnersRemoved = await deleteCounting(tx, winners);
    await afterStep?.("winners");

    const placementsRemoved = await deleteCounting(tx, placements);
    await afterStep?.("placements");

    await tx.delete(funnelHourlyTallies);
    await afterStep?.("counters");

    let prizesRemoved = 0;
    if (input.prizes === "remove") prizesRemoved = await deleteCounting(tx, prizes);
    else
      await tx.update(prizes).set({
        remainingQuantity: sql`${prizes.totalQuantity}`,
        todayDistributed: 0,
        distributedOn: null,
        hourDistributed: 0,
        distributedHour: null,
        updatedAt: sql`now()`,
      });
    await tx.update(settings).set({ maintenanceMode: false, updatedAt: sql`now()` }).where(eq(settings.id, 1));
    await afterStep?.("prizes");

    const summary: NewEventSummary = {
      winners_removed: winnersRemoved,
      placements_removed: placementsRemoved,
      prizes_restored: input.prizes === "restore" ? lockedPrizes.length : 0,
      prizes_removed: prizesRemoved,
    };
    await enqueueWebhooks(tx, "event.closed", [
      { event: ctx.eventId, data: { ...summary, prizes: input.prizes, at: new Date().toISOString() } },
    ]);
    await recordAudit(tx, ctx, {
      action: EVENT_RESET_ACTION,
      target: { type: "event", name: input.prizes === "restore" ? "New event, prizes restored" : "New event, prizes removed" },
      changes: {
        winners: { before: winnersRemoved, after: 0 },
        placements: { before: placementsRemoved, after: 0 },
        prizes: {
          before: `${lockedPrizes.length} prizes`,
          after: input.prizes === "restore" ? `${lockedPrizes.length} prizes, stock back to each total` : "removed",
        },
        ...(before.maintenanceMode ? { maintenance_mode: { before: true, after: false } } : {}),
      },
    });
    return summary;
  });
}
