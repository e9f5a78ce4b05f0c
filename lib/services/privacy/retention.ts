import { and, asc, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { auditLog, loginAttempts, prizes, settings, winners } from "@/db/schema";
import { type BackgroundJob, startBackgroundJob } from "@/lib/background-job";
import { log } from "@/lib/log";
import { replenishPrizes } from "../placements/maintain";
import { retryingTransaction } from "../transaction";
import { SYSTEM_ACCOUNT } from "../winners/expire";
import { type Erased, eraseWinsIn, eventEndMoment, retentionDays, scrubAuditLog, winErasesAt } from "./erase";

/** Every instance looks this often: a win's data is gone within a minute of its moment. */
const RETENTION_SWEEP_SECONDS = 20;
/** Failed sign-ins (names and addresses) are kept at most this long; throttling looks back 15 minutes. */
const SIGN_IN_ATTEMPTS_KEPT_DAYS = 30;
// Any constant works; it only has to be the same in every instance of this app.
const RETENTION_LOCK_KEY = 7_301_994_033;
/** Wins erased per statement (their ids are its parameters). */
const ERASE_BATCH_SIZE = 1000;

type RetentionResult = { ran: boolean; erased: number };

/**
 * One sweep (server-behaviour.md, "Privacy"): erases every winner whose retention has passed, deletes
 * sign-in attempts older than 30 days, and clears the addresses of audit rows whose retention has passed
 * (rows older than retention_days, once the event's end is that long ago too). One instance at a time (a
 * transaction-scoped advisory lock; the others skip this beat), and idempotent anyway (conditional
 * UPDATEs): one audit row `privacy.retention` per sweep that erased someone, with the number.
 */
async function runRetentionSweep(db: Db): Promise<RetentionResult> {
  const result = await retryingTransaction(db, async (tx) => {
    const [lock] = await tx
      .select({ locked: sql<boolean>`pg_try_advisory_xact_lock(${RETENTION_LOCK_KEY})` })
      .from(settings)
      .where(eq(settings.id, 1));
    if (!lock?.locked) return { ran: false, erased: [] as Erased[] };
    await tx.delete(loginAttempts).where(lt(loginAttempts.createdAt, sql`now() - make_interval(days => ${SIGN_IN_ATTEMPTS_KEPT_DAYS})`));
    const dueNow = and(isNull(winners.erasedAt), sql`${winErasesAt()} <= now()`);
    const due = await tx.select({ id: winners.id }).from(winners).where(dueNow);
    // Every prize row first, in id order (the lock order), then the wins in batches: a statement takes at
    // most ERASE_BATCH_SIZE ids, however many wins are due at the event's end.
    const prizeRows = await tx.selectDistinct({ id: winners.prizeId }).from(winners).where(dueNow);
    const prizeIds = prizeRows.map((row) => row.id).filter((id): id is number => id !== null);
    if (prizeIds.length > 0)
      await tx.select({ id: prizes.id }).from(prizes).where(inArray(prizes.id, prizeIds)).orderBy(asc(prizes.id)).for("update");
    const erased: Erased[] = [];
    for (let start = 0; start < due.length; start += ERASE_BATCH_SIZE) {
      erased.push(
        ...(await eraseWinsIn(
          tx,
          due.slice(start, start + ERASE_BATCH_SIZE).map((row) => row.id),
        )),
      );
    }
    // Audit addresses, each event's on its own rule: a row's retention runs from the later of its own time and its
    // event's end (rows of no event follow the default event's).
    // Qualified: drizzle writes a one-table select's own columns bare, and a bare "id" inside the rules' subqueries
    // (`from settings kept where kept.id = "id"`) would name the subquery's own row, not this event.
    const eachEvent = sql<number>`${settings}.${sql.identifier("id")}`;
    const cuts = await tx
      .select({
        eventId: settings.id,
        before: sql<
          string | null
        >`(case when coalesce(${eventEndMoment(eachEvent)}, '-infinity') <= now() - make_interval(days => ${retentionDays(eachEvent)})
          then (now() - make_interval(days => ${retentionDays(eachEvent)}))::text end)`,
      })
      .from(settings);
    if (erased.length > 0)
      await scrubAuditLog(
        tx,
        erased.map((win) => win.id),
        null,
      );
    for (const cut of cuts) {
      if (cut.before) await scrubAuditLog(tx, [], { before: new Date(cut.before), eventId: cut.eventId });
    }
    if (erased.length > 0) {
      await tx.insert(auditLog).values({
        accountId: SYSTEM_ACCOUNT.id,
        accountName: SYSTEM_ACCOUNT.name,
        accountRole: SYSTEM_ACCOUNT.role,
        action: "privacy.retention",
        targetType: "winner",
        targetId: null,
        targetName: null,
        changes: { erased: { before: null, after: erased.length } },
        address: null,
      });
    }
    return { ran: true, erased };
  });
  const returned = [...new Set(result.erased.filter((win) => win.forfeited && win.prizeId !== null).map((win) => win.prizeId!))];
  if (returned.length > 0) await replenishPrizes(db, returned);
  return { ran: result.ran, erased: result.erased.length };
}

/** Starts the sweep in this process, on every instance: once now, then every RETENTION_SWEEP_SECONDS. */
export function startRetentionSweeper(db: () => Db): BackgroundJob {
  return startBackgroundJob(
    async () => {
      const result = await runRetentionSweep(db());
      if (result.erased > 0) log("info", "Retention: winners' personal data erased", { erased: result.erased });
    },
    { everyMs: RETENTION_SWEEP_SECONDS * 1000, runAtStart: true, failure: "The retention sweep failed; the next one retries" },
  );
}
