import type { Db } from "@/db";
import { isRetryableTransactionError } from "@/db/errors";

type Work<T> = Parameters<Db["transaction"]>[0] extends (tx: infer Tx) => Promise<unknown> ? (tx: Tx) => Promise<T> : never;

const TRANSACTION_ATTEMPTS = 4;

/**
 * The one way the app opens a transaction (a unit test refuses any other `.transaction(` call):
 * `db.transaction(work)`, run again when Postgres gives up on it to break a deadlock (40P01) or a
 * serialization conflict (40001). Every path takes its locks in the documented order (README.md), so this is
 * a last resort; the failed attempt rolled back whole, so running `work` again is safe. After the last
 * attempt the error goes up (the route answers 503 with Retry-After, never 500). Any other error (a typed
 * refusal thrown inside `work`, a unique violation) goes up at once, after the one attempt. `work` may run
 * more than once: it keeps its state inside, and inside it every query goes through `tx`, never `db`
 * (PGlite runs one transaction at a time: a query on `db` there waits for ever).
 */
export async function retryingTransaction<T>(db: Db, work: Work<T>): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return (await db.transaction(work)) as T;
    } catch (error) {
      if (attempt >= TRANSACTION_ATTEMPTS || !isRetryableTransactionError(error)) throw error;
      // A short random pause, growing with each attempt, so the two sides do not collide again in step.
      await new Promise((resolve) => setTimeout(resolve, attempt * (5 + Math.random() * 20)));
    }
  }
}
