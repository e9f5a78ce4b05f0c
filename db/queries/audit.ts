import "server-only";
import { and, count, desc, eq, gte, ilike, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "@/db";
import { onEventClock, startOfDay, startOfDayAfter } from "@/db/prize-rules";
import { auditLog, auditTallies } from "@/db/schema";
import type { AuditEntryRow } from "@/shared/contracts/audit";
import { type KeysetCursor, newestFirstInBatches, olderThan } from "./keyset";
import { likePattern } from "./like";

/**
 * The audit log's filters (lib/validation/audit.ts parses them from the query): all optional, combined with
 * AND; `target` is one thing's history as `type:id`, dates whole days in APP_TIMEZONE, both ends included.
 */
type AuditFilters = { account?: string; action?: string; target?: string; search?: string; start_date?: string; end_date?: string };

/**
 * Whose rows a reader sees: the event's, plus the installation's (sign-ins, accounts: `event_id` null) when
 * `withInstallation` (owners, who manage the accounts; a manager of one event sees that event only).
 */
export type AuditScope = { eventId: number; withInstallation: boolean };

const auditColumns = {
  id: auditLog.id,
  at: auditLog.at,
  account_name: auditLog.accountName,
  account_role: auditLog.accountRole,
  action: auditLog.action,
  target_type: auditLog.targetType,
  target_id: auditLog.targetId,
  target_name: auditLog.targetName,
  changes: auditLog.changes,
  address: auditLog.address,
};

/** The filters as one condition; each has an index that keeps the list's order (db/schema/audit-log.ts). */
function auditCondition(scope: AuditScope, filter: AuditFilters): SQL | undefined {
  const [targetType, targetId] = filter.target?.split(":") ?? [];
  return and(
    scope.withInstallation ? or(eq(auditLog.eventId, scope.eventId), isNull(auditLog.eventId)) : eq(auditLog.eventId, scope.eventId),
    filter.account ? eq(auditLog.accountName, filter.account) : undefined,
    filter.action ? eq(auditLog.action, filter.action) : undefined,
    targetType && targetId ? and(eq(auditLog.targetType, targetType), eq(auditLog.targetId, targetId)) : undefined,
    filter.search ? ilike(auditLog.targetName, likePattern(filter.search)) : undefined,
    filter.start_date ? gte(auditLog.at, startOfDay(filter.start_date, scope.eventId)) : undefined,
    filter.end_date ? lt(auditLog.at, startOfDayAfter(filter.end_date, scope.eventId)) : undefined,
  );
}

/** One page of the audit log in this scope, newest first. */
export async function listAudit({
  db,
  scope,
  filter,
  limit,
  offset,
}: {
  db: Queryable;
  scope: AuditScope;
  filter: AuditFilters;
  limit: number;
  offset: number;
}) {
  const where = auditCondition(scope, filter);
  const [rows, total] = await Promise.all([
    db.select(auditColumns).from(auditLog).where(where).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(limit).offset(offset),
    countAudit(db, scope, filter, where),
  ]);
  return { count: total, results: rows.map(toAuditRow) };
}

/**
 * The list's total. Account, action and dates are answered from `audit_tallies` (a few hundred rows kept by
 * a trigger; counting 100,000 rows took 12-20 ms, beyond the list's budget), when the dates' midnights in
 * APP_TIMEZONE fall on UTC hours (the tallies are per UTC hour). A target or a search counts the matching
 * rows through their indexes, as does a zone off UTC by a fraction of an hour.
 */
async function countAudit(db: Queryable, scope: AuditScope, filter: AuditFilters, where: SQL | undefined): Promise<number> {
  const countRows = () =>
    db
      .select({ count: count() })
      .from(auditLog)
      .where(where)
      .then(([row]) => row?.count ?? 0);
  if (filter.search || filter.target) return countRows();
  const from = filter.start_date ? sql`(${startOfDay(filter.start_date, scope.eventId)} at time zone 'UTC')` : undefined;
  const to = filter.end_date ? sql`(${startOfDayAfter(filter.end_date, scope.eventId)} at time zone 'UTC')` : undefined;
  const conditions = [
    scope.withInstallation
      ? sql`(${auditTallies.eventId} = ${scope.eventId} or ${auditTallies.eventId} is null)`
      : sql`${auditTallies.eventId} = ${scope.eventId}`,
    filter.account ? sql`${auditTallies.accountName} = ${filter.account}` : undefined,
    filter.action ? sql`${auditTallies.action} = ${filter.action}` : undefined,
    from ? sql`${auditTallies.hourUtc} >= ${from}` : undefined,
    to ? sql`${auditTallies.hourUtc} < ${to}` : undefined,
  ].filter((condition): condition is SQL => condition !== undefined);
  const bounds = [from, to].filter((bound): bound is SQL => bound !== undefined);
  const onTheHour =
    bounds.length > 0
      ? sql.join(
          bounds.map((bound) => sql`date_trunc('hour', ${bound}) = ${bound}`),
          sql` and `,
        )
      : sql`true`;
  const tallyWhere = sql`where ${sql.join(conditions, sql` and `)}`;
  const [row] = await db
    .select({
      aligned: sql<boolean>`${onTheHour}`,
      total: sql<number>`coalesce(sum(${auditTallies.rows}), 0)::int`,
    })
    .from(sql`${auditTallies} ${tallyWhere}`);
  return row?.aligned === false ? countRows() : Number(row?.total ?? 0);
}

const toAuditRow = (row: Omit<AuditEntryRow, "at"> & { at: Date }): AuditEntryRow => ({ ...row, at: row.at.toISOString() });

const AUDIT_EXPORT_BATCH = 5000;

/** A row as the Excel file shows it: the time already formatted in APP_TIMEZONE by Postgres. */
export type AuditExportRow = Omit<AuditEntryRow, "at"> & { at: Date; cursor: string; local_time: string };

function exportBatch(db: Queryable, eventId: number, where: SQL | undefined, after: KeysetCursor | null): Promise<AuditExportRow[]> {
  return db
    .select({
      ...auditColumns,
      cursor: sql<string>`${auditLog.at}::text`,
      local_time: onEventClock(auditLog.at, "YYYY-MM-DD HH24:MI:SS", eventId),
    })
    .from(auditLog)
    .where(and(where, olderThan(auditLog.at, auditLog.id, after)))
    .orderBy(desc(auditLog.at), desc(auditLog.id))
    .limit(AUDIT_EXPORT_BATCH);
}

/** Every row of the scope and the filter for the Excel file, newest first, in keyset batches (at, id). */
export async function* exportAuditRows({
  db,
  scope,
  filter,
}: {
  db: Queryable;
  scope: AuditScope;
  filter: AuditFilters;
}): AsyncGenerator<AuditExportRow[]> {
  const where = auditCondition(scope, filter);
  yield* newestFirstInBatches(AUDIT_EXPORT_BATCH, (after) => exportBatch(db, scope.eventId, where, after));
}
