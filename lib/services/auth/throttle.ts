import { and, eq, gt, or, sql } from "drizzle-orm";
import { loginAttempts } from "@/db/schema";
import { AppError } from "@/lib/errors";
import type { ServiceContext } from "../context";

/**
 * Sign-in throttling, counted in the database so every instance shares the count: after
 * MAX_FAILURES_PER_NAME failures for one name, or MAX_FAILURES_PER_ADDRESS from one address, within
 * WINDOW_SECONDS, further attempts are refused until the oldest of those failures leaves the window.
 */
export const WINDOW_SECONDS = 15 * 60;
export const MAX_FAILURES_PER_NAME = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;

type Attempt = { name: string; address: string };

const normalise = (name: string) => name.trim().toLowerCase();
const windowStart = sql`now() - make_interval(secs => ${WINDOW_SECONDS})`;

export class ThrottledError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.ceil(retryAfterSeconds / 60);
    super("throttled", `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`);
  }
}

/**
 * Counts this attempt before the password is checked, then refuses it (ThrottledError) if the name or the
 * address is over its limit. Recording first means parallel guesses see each other: checking first and
 * recording afterwards would let a burst of requests all pass the check. The row stays as a failure
 * unless the sign-in succeeds (clearFailedSignIns).
 */
export async function beginSignInAttempt({ ctx, input }: { ctx: ServiceContext; input: Attempt }): Promise<void> {
  const name = normalise(input.name);
  const [attempt] = await ctx.db.insert(loginAttempts).values({ name, address: input.address }).returning({ id: loginAttempts.id });
  const [counts] = await ctx.db
    .select({
      byName: sql<number>`count(*) filter (where ${loginAttempts.name} = ${name})::int`,
      byAddress: sql<number>`count(*) filter (where ${loginAttempts.address} = ${input.address})::int`,
      // When the oldest attempt that still counts leaves the window, one more is allowed.
      retryAfter: sql<number>`ceil(extract(epoch from (min(${loginAttempts.createdAt}) + make_interval(secs => ${WINDOW_SECONDS}) - now())))::int`,
    })
    .from(loginAttempts)
    .where(and(gt(loginAttempts.createdAt, windowStart), or(eq(loginAttempts.name, name), eq(loginAttempts.address, input.address))));
  if (counts && (counts.byName > MAX_FAILURES_PER_NAME || counts.byAddress > MAX_FAILURES_PER_ADDRESS)) {
    // A refused attempt does not count: the lockout ends on time for the real admin.
    await ctx.db.delete(loginAttempts).where(eq(loginAttempts.id, attempt!.id));
    throw new ThrottledError(Math.max(1, counts.retryAfter ?? WINDOW_SECONDS));
  }
  // Keep the table small: rows older than the window never count again.
  await ctx.db.delete(loginAttempts).where(sql`${loginAttempts.createdAt} < now() - make_interval(secs => ${WINDOW_SECONDS * 2})`);
}

/** A successful sign-in forgives that name's attempts, this one included (they no longer count for the address either). */
export async function clearFailedSignIns({ ctx, input }: { ctx: ServiceContext; input: Pick<Attempt, "name"> }) {
  await ctx.db.delete(loginAttempts).where(eq(loginAttempts.name, normalise(input.name)));
}
