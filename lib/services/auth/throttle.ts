import { and, eq, gt, or, sql } from "drizzle-orm";
import { loginAttempts } from "@/db/schema";
import { AppError } from "@/lib/errors";
import type { ServiceContext } from "../context";

/**
 * Sign-in throttling, counted in the database so every instance shares the count. Within WINDOW_SECONDS:
 * - MAX_FAILURES_PER_NAME_AND_ADDRESS failures for one name from one address: that pair is refused;
 * - MAX_FAILURES_PER_ADDRESS failures from one address, whatever the names: that address is refused;
 * - MAX_FAILURES_PER_NAME failures for one name from all addresses together: a backstop against a guessing
 *   botnet, set high so that nobody can keep the organiser out by failing under their name now and then
 *   (the organiser's own address is refused only after their own five mistakes).
 * A refused attempt waits until the oldest failure that counts against it leaves the window.
 */
export const WINDOW_SECONDS = 15 * 60;
export const MAX_FAILURES_PER_NAME_AND_ADDRESS = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;
export const MAX_FAILURES_PER_NAME = 200;

type Attempt = { name: string; address: string };

/** Names compare case-insensitively; cut to the column's 150 characters after lowercasing ("İ" becomes two). */
export const NAME_KEY_LENGTH = 150;
const normalise = (name: string) => Array.from(name.trim().toLowerCase()).slice(0, NAME_KEY_LENGTH).join("");
const inWindow = gt(loginAttempts.createdAt, sql`now() - make_interval(secs => ${WINDOW_SECONDS})`);
/** Seconds until the oldest of the counted attempts leaves the window. */
const secondsUntilOldestLeaves = (filter: ReturnType<typeof sql>) =>
  sql<number>`ceil(extract(epoch from (min(${loginAttempts.createdAt}) filter (where ${filter}) + make_interval(secs => ${WINDOW_SECONDS}) - now())))::int`;

export class ThrottledError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.ceil(retryAfterSeconds / 60);
    super("throttled", `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`);
  }
}

/**
 * Counts this attempt before the password is checked, then refuses it (ThrottledError) if any limit is
 * passed. Recording first means parallel guesses see each other: checking first and recording afterwards
 * would let a burst all pass the check. The caller checks the password only after this returns, so a
 * refused attempt costs no hashing. The row stays as a failure unless the sign-in succeeds.
 */
export async function beginSignInAttempt({ ctx, input }: { ctx: ServiceContext; input: Attempt }): Promise<void> {
  const name = normalise(input.name);
  const address = input.address;
  const [attempt] = await ctx.db.insert(loginAttempts).values({ name, address }).returning({ id: loginAttempts.id });
  const samePair = sql`${loginAttempts.name} = ${name} and ${loginAttempts.address} = ${address}`;
  const sameAddress = sql`${loginAttempts.address} = ${address}`;
  const sameName = sql`${loginAttempts.name} = ${name}`;
  const [counts] = await ctx.db
    .select({
      byPair: sql<number>`count(*) filter (where ${samePair})::int`,
      byAddress: sql<number>`count(*) filter (where ${sameAddress})::int`,
      byName: sql<number>`count(*) filter (where ${sameName})::int`,
      pairRetry: secondsUntilOldestLeaves(samePair),
      addressRetry: secondsUntilOldestLeaves(sameAddress),
      nameRetry: secondsUntilOldestLeaves(sameName),
    })
    .from(loginAttempts)
    .where(and(inWindow, or(eq(loginAttempts.name, name), eq(loginAttempts.address, address))));
  if (!counts) return;
  const passed = [
    { count: counts.byPair, max: MAX_FAILURES_PER_NAME_AND_ADDRESS, retry: counts.pairRetry },
    { count: counts.byAddress, max: MAX_FAILURES_PER_ADDRESS, retry: counts.addressRetry },
    { count: counts.byName, max: MAX_FAILURES_PER_NAME, retry: counts.nameRetry },
  ].filter((limit) => limit.count > limit.max);
  if (passed.length > 0) {
    // A refused attempt does not count: the lockout ends on time.
    await ctx.db.delete(loginAttempts).where(eq(loginAttempts.id, attempt!.id));
    throw new ThrottledError(Math.max(1, ...passed.map((limit) => limit.retry ?? WINDOW_SECONDS)));
  }
  // Keep the table small: rows older than the window never count again.
  await ctx.db.delete(loginAttempts).where(sql`${loginAttempts.createdAt} < now() - make_interval(secs => ${WINDOW_SECONDS * 2})`);
}

/** A successful sign-in forgives that name's attempts, this one included (they no longer count for the address either). */
export async function clearFailedSignIns({ ctx, input }: { ctx: ServiceContext; input: Pick<Attempt, "name"> }) {
  await ctx.db.delete(loginAttempts).where(eq(loginAttempts.name, normalise(input.name)));
}
