// GET /api/health - 200 when the database answers, 503 when it does not (for load balancers and probes)

import { json, RETRY_AFTER_SECONDS } from "@/lib/api/respond";
import { route } from "@/lib/api/route";
import { getDatabase } from "@/lib/database";
import { describeError, log } from "@/lib/log";

export const dynamic = "force-dynamic";

/** A probe must hear back within 2 s whatever the database does: it waits this long, then says 503. */
export const HEALTH_TIMEOUT_MS = 1500;

function within<T>(promise: Promise<T>, milliseconds: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${milliseconds} ms`)), milliseconds);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export const GET = route({ access: "public" }, async () => {
  try {
    const database = getDatabase();
    await within(database.ping(), HEALTH_TIMEOUT_MS);
    return json({ status: "ok", database: database.kind });
  } catch (error) {
    log("warn", "Health check: the database did not answer", describeError(error, false));
    return json({ status: "unavailable", detail: "The database is not answering." }, 503, { "Retry-After": String(RETRY_AFTER_SECONDS) });
  }
});
