import { type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

/** Where the next batch starts: the last row's time as exact text (no rounding) and its id. */
export type KeysetCursor = { at: string; id: number };

/** The rows after `after` in newest-first (time, id) order; no condition for the first batch. */
export function olderThan(time: PgColumn, id: PgColumn, after: KeysetCursor | null): SQL | undefined {
  return after ? sql`(${time}, ${id}) < (${after.at}::timestamptz, ${after.id})` : undefined;
}

/**
 * Every row of a newest-first export in batches walked by keyset, each starting after the last row of the
 * one before, so the 100,000th row costs what the first did. `fetchBatch` selects at most `batchSize` rows
 * (`olderThan` narrows it) with the time as exact text in `cursor`.
 */
export async function* newestFirstInBatches<Row extends { cursor: string; id: number }>(
  batchSize: number,
  fetchBatch: (after: KeysetCursor | null) => Promise<Row[]>,
): AsyncGenerator<Row[]> {
  let after: KeysetCursor | null = null;
  for (;;) {
    const rows = await fetchBatch(after);
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
    const last = rows[rows.length - 1]!;
    after = { at: last.cursor, id: last.id };
  }
}
