import "server-only";
import { sql } from "drizzle-orm";
import type { Queryable } from "@/db";
import { startOfDay, startOfDayAfter } from "@/db/prize-rules";
import { conversionOf, type Funnel, type FunnelCounts } from "@/shared/contracts/funnel";

/** The period (whole days in APP_TIMEZONE, both ends included) and the one page, as lib/validation/funnel.ts parses them. */
type FunnelQuery = { start_date?: string; end_date?: string; product?: number };

type Grouped = FunnelCounts & { hour: string | null; product_id: number | null; product_name: string | null; level: number };

/**
 * The funnel for a period and optionally one page: scans, taps, holds and hand-overs from the hourly tallies
 * (lib/funnel), wins from `winners` by the clock hour of winning (date_trunc in the session's zone,
 * APP_TIMEZONE). One statement answers all three groupings (per hour, per page, all) with GROUPING SETS.
 * Dates are whole days on the event's clock; winners of a deleted page are not counted (its tallies went with it).
 * One event's: its pages' rows only (the tallies belong to a page, and a page to its event).
 */
export async function readFunnel({ db, eventId, filter }: { db: Queryable; eventId: number; filter: FunnelQuery }): Promise<Funnel> {
  const from = filter.start_date ? startOfDay(filter.start_date, eventId) : null;
  const until = filter.end_date ? startOfDayAfter(filter.end_date, eventId) : null;
  const within = (column: ReturnType<typeof sql>) =>
    sql.join(
      [
        sql`true`,
        from && sql`${column} >= ${from}`,
        until && sql`${column} < ${until}`,
        filter.product !== undefined ? sql`product_id = ${filter.product}` : null,
      ].filter((part) => part !== null),
      sql` and `,
    );
  const result = await db.execute(sql`
    with steps as (
      select hour_start, product_id, scans, taps, holds, handed_over, 0 as wins
      from funnel_hourly_tallies where ${within(sql`hour_start`)}
      union all
      select date_trunc('hour', created_at), product_id, 0, 0, 0, 0, count(*)::int
      from winners where event_id = ${eventId} and product_id is not null and ${within(sql`created_at`)}
      group by 1, 2
    )
    select to_char(s.hour_start, 'YYYY-MM-DD"T"HH24:MI:SSTZH:TZM') as hour, s.product_id, max(p.name) as product_name,
      coalesce(sum(s.scans), 0)::int as scans, coalesce(sum(s.taps), 0)::int as taps, coalesce(sum(s.holds), 0)::int as holds,
      coalesce(sum(s.wins), 0)::int as wins, coalesce(sum(s.handed_over), 0)::int as handed_over,
      grouping(s.hour_start, s.product_id) as level
    from steps s join products p on p.id = s.product_id and p.event_id = ${eventId}
    group by grouping sets ((s.hour_start), (s.product_id), ())
    order by level, s.hour_start, max(p.name), s.product_id
  `);
  // postgres.js answers an array of rows, PGlite an object holding them.
  const rows = (Array.isArray(result) ? result : (result as unknown as { rows: Grouped[] }).rows) as Grouped[];
  const counts = ({ scans, taps, holds, wins, handed_over }: Grouped): FunnelCounts => ({ scans, taps, holds, wins, handed_over });
  const all = rows.find((row) => row.level === 3);
  const totals = all ? counts(all) : { scans: 0, taps: 0, holds: 0, wins: 0, handed_over: 0 };
  return {
    totals: { ...totals, conversion: conversionOf(totals) },
    // grouping(): 1 = grouped by hour only, 2 = by page only, 3 = neither.
    by_hour: rows.filter((row) => row.level === 1).map((row) => ({ hour: row.hour!, ...counts(row) })),
    by_product: rows
      .filter((row) => row.level === 2)
      .map((row) => ({
        product_id: row.product_id!,
        product_name: row.product_name!,
        ...counts(row),
        conversion: conversionOf(row),
      })),
  };
}
