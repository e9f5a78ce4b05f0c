import { sql } from "drizzle-orm";
import type { Db } from "@/db";
import { ClockHour } from "./clock-hour";

/** The funnel steps counted in memory (wins are counted from the winners table). */
export type FunnelStep = "scans" | "taps" | "holds" | "handed_over";
const STEPS: readonly FunnelStep[] = ["scans", "taps", "holds", "handed_over"];

/** Which page a count is for: a visitor's calls know its url_path, the prize desk the winner's product id. */
export type PageRef = { urlPath: string } | { productId: number };

type Counts = Record<FunnelStep, number>;
type Row = { hour_start: string; url_path: string | null; product_id: number | null } & Counts;

/**
 * Counts the funnel per (hour, page) in this process's memory, for the few microseconds a Map update
 * costs a visitor's request, and adds the counts to funnel_hourly_tallies in one statement when flushed
 * (every FLUSH_EVERY_MS and at shutdown: lib/funnel/flusher.ts). Counts for a path that names no page
 * are dropped by that statement. A failed flush keeps its counts for the next one. A count by address goes
 * to the page answering it when flushed: in the few seconds after a go-live, the copy's.
 */
export class FunnelCounter {
  private counts = new Map<string, Counts>();
  private readonly hour: ClockHour;

  constructor(timeZone: string | (() => string)) {
    this.hour = new ClockHour(timeZone);
  }

  count(step: FunnelStep, page: PageRef, now = Date.now()): void {
    const ref = "urlPath" in page ? `p:${page.urlPath}` : `#${page.productId}`;
    const key = `${this.hour.startOf(now)}|${ref}`;
    let counts = this.counts.get(key);
    if (!counts) {
      counts = { scans: 0, taps: 0, holds: 0, handed_over: 0 };
      this.counts.set(key, counts);
    }
    counts[step] += 1;
  }

  get pending(): number {
    return this.counts.size;
  }

  /** Adds what was counted since the last flush to the tallies, in one statement. */
  async flush(db: Db): Promise<void> {
    if (this.counts.size === 0) return;
    const taken = this.counts;
    this.counts = new Map();
    try {
      await db.execute(upsert(rowsOf(taken)));
    } catch (error) {
      for (const [key, counts] of taken) this.merge(key, counts);
      throw error;
    }
  }

  private merge(key: string, counts: Counts): void {
    const mine = this.counts.get(key);
    if (!mine) this.counts.set(key, counts);
    else for (const step of STEPS) mine[step] += counts[step];
  }
}

function rowsOf(counts: Map<string, Counts>): Row[] {
  return Array.from(counts, ([key, stepCounts]) => {
    const [hour, ref = ""] = key.split("|");
    return {
      hour_start: new Date(Number(hour)).toISOString(),
      url_path: ref.startsWith("p:") ? ref.slice(2) : null,
      product_id: ref.startsWith("#") ? Number(ref.slice(1)) : null,
      ...stepCounts,
    };
  });
}

/** One INSERT ... ON CONFLICT for every (hour, page) counted: pages found by id or by url_path. */
function upsert(rows: Row[]) {
  return sql`insert into funnel_hourly_tallies as t (hour_start, product_id, scans, taps, holds, handed_over)
    select v.hour_start, p.id, sum(v.scans), sum(v.taps), sum(v.holds), sum(v.handed_over)
    from json_to_recordset(${JSON.stringify(rows)}::json)
      as v(hour_start timestamptz, url_path text, product_id int, scans int, taps int, holds int, handed_over int)
    join products p on p.id = coalesce(v.product_id, (select product_id from addresses where addresses.url_path = v.url_path))
    group by v.hour_start, p.id
    on conflict on constraint funnel_hourly_tallies_key do update set
      scans = t.scans + excluded.scans, taps = t.taps + excluded.taps,
      holds = t.holds + excluded.holds, handed_over = t.handed_over + excluded.handed_over`;
}
