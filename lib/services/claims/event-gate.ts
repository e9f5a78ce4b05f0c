import { sql } from "drizzle-orm";
import type { Queryable } from "@/db";

// Any constant works; it only has to be the same in every instance of this app.
const EVENT_GATE_LOCK_KEY = 7_301_994_004;

/**
 * Pausing must be exact under a crowd: once the pause has answered, no new hold. A reserve's UPDATE reads
 * the settings in its own snapshot, so one that began just before the pause committed could still take a
 * hold after the organiser saw "paused". Every reserve therefore holds this lock shared (an in-memory lock:
 * no row is written), and a change of the pause or the hours takes it exclusively: it waits for the
 * reserves under way, and the reserves after it wait for its commit and then see the new rules.
 */
export function eventGateShared() {
  return sql`pg_advisory_xact_lock_shared(${EVENT_GATE_LOCK_KEY})`;
}

export async function closeEventGate(tx: Queryable): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${EVENT_GATE_LOCK_KEY})`);
}
