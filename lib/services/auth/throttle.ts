import { and, eq, gt, isNull, or, type SQL, sql } from "drizzle-orm";
import { loginAttempts } from "@/db/schema";
import { AppError } from "@/lib/errors";
import { text } from "@/shared/i18n/text";
import type { ServiceContext } from "../context";

/**
 * Sign-in throttling, counted in the database so every instance shares the count, with OWASP's device
 * cookies ("slow down online guessing with device cookies"). A browser where a name signed in before holds
 * a device cookie for that name (lib/auth/device-cookie.ts); its attempts are counted per device only:
 * - MAX_FAILURES_PER_DEVICE failures from one device: that device is refused.
 * So a name under attack from elsewhere never locks out the organiser's own browser. Attempts without a
 * device cookie ("untrusted") are counted among untrusted attempts only, within WINDOW_SECONDS:
 * - MAX_FAILURES_PER_NAME_AND_ADDRESS failures for one name from one address: that pair is refused;
 * - MAX_FAILURES_PER_ADDRESS failures from one address, whatever the names: that address is refused;
 * - MAX_FAILURES_PER_NAME failures for one name from all addresses together: a backstop against a guessing
 *   botnet. It can lock the name out for untrusted clients, never for a trusted device.
 * A refused attempt waits until the oldest failure that counts against it leaves the window. A success
 * forgives only its own attempt and its own device's failures: the counts against the name from other
 * clients stay, so an attacker gets no fresh guesses from the organiser signing in.
 */
const WINDOW_SECONDS = 15 * 60;
export const MAX_FAILURES_PER_DEVICE = 5;
export const MAX_FAILURES_PER_NAME_AND_ADDRESS = 5;
export const MAX_FAILURES_PER_ADDRESS = 20;
export const MAX_FAILURES_PER_NAME = 200;

/** `device`: the id of a valid device cookie for this name, or null for an untrusted client. */
type Attempt = { name: string; address: string; device: string | null };

/** Names compare case-insensitively; cut to the column's 150 characters after lowercasing ("İ" becomes two). */
const NAME_KEY_LENGTH = 150;
export const signInNameKey = (name: string) => Array.from(name.trim().toLowerCase()).slice(0, NAME_KEY_LENGTH).join("");
const inWindow = gt(loginAttempts.createdAt, sql`now() - make_interval(secs => ${WINDOW_SECONDS})`);
/** Seconds until the oldest of the counted attempts leaves the window. */
const secondsUntilOldestLeaves = (filter: SQL) =>
  sql<number>`ceil(extract(epoch from (min(${loginAttempts.createdAt}) filter (where ${filter}) + make_interval(secs => ${WINDOW_SECONDS}) - now())))::int`;
const countOf = (filter: SQL) => sql<number>`count(*) filter (where ${filter})::int`;

export class ThrottledError extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.ceil(retryAfterSeconds / 60);
    super("throttled", text("errors.auth.throttled", { minutes }));
  }
}

type Limit = { count: number; max: number; retry: number | null };

/** The limits this attempt is counted against: its device's, or the untrusted ones. */
async function limitsFor(ctx: ServiceContext, attempt: Attempt): Promise<Limit[]> {
  if (attempt.device) {
    const sameDevice = sql`${loginAttempts.device} = ${attempt.device}`;
    const [counts] = await ctx.db
      .select({ byDevice: countOf(sameDevice), deviceRetry: secondsUntilOldestLeaves(sameDevice) })
      .from(loginAttempts)
      .where(and(inWindow, eq(loginAttempts.device, attempt.device)));
    return counts ? [{ count: counts.byDevice, max: MAX_FAILURES_PER_DEVICE, retry: counts.deviceRetry }] : [];
  }
  const samePair = sql`${loginAttempts.name} = ${attempt.name} and ${loginAttempts.address} = ${attempt.address}`;
  const sameAddress = sql`${loginAttempts.address} = ${attempt.address}`;
  const sameName = sql`${loginAttempts.name} = ${attempt.name}`;
  const [counts] = await ctx.db
    .select({
      byPair: countOf(samePair),
      byAddress: countOf(sameAddress),
      byName: countOf(sameName),
      pairRetry: secondsUntilOldestLeaves(samePair),
      addressRetry: secondsUntilOldestLeaves(sameAddress),
      nameRetry: secondsUntilOldestLeaves(sameName),
    })
    .from(loginAttempts)
    .where(
      and(inWindow, isNull(loginAttempts.device), or(eq(loginAttempts.name, attempt.name), eq(loginAttempts.address, attempt.address))),
    );
  if (!counts) return [];
  return [
    { count: counts.byPair, max: MAX_FAILURES_PER_NAME_AND_ADDRESS, retry: counts.pairRetry },
    { count: counts.byAddress, max: MAX_FAILURES_PER_ADDRESS, retry: counts.addressRetry },
    { count: counts.byName, max: MAX_FAILURES_PER_NAME, retry: counts.nameRetry },
  ];
}

/**
 * Counts this attempt before the password is checked, then refuses it (ThrottledError) if any limit is
 * passed. Recording first means parallel guesses see each other: checking first and recording afterwards
 * would let a burst all pass the check. The caller checks the password only after this returns, so a
 * refused attempt costs no hashing. The row stays as a failure unless the sign-in succeeds
 * (`forgiveSignIn` with the returned id).
 */
export async function beginSignInAttempt({ ctx, input }: { ctx: ServiceContext; input: Attempt }): Promise<{ attemptId: number }> {
  const attempt = { ...input, name: signInNameKey(input.name) };
  const [row] = await ctx.db
    .insert(loginAttempts)
    .values({ name: attempt.name, address: attempt.address, device: attempt.device })
    .returning({ id: loginAttempts.id });
  const passed = (await limitsFor(ctx, attempt)).filter((limit) => limit.count > limit.max);
  if (passed.length > 0) {
    // A refused attempt does not count: the lockout ends on time.
    await ctx.db.delete(loginAttempts).where(eq(loginAttempts.id, row!.id));
    throw new ThrottledError(Math.max(1, ...passed.map((limit) => limit.retry ?? WINDOW_SECONDS)));
  }
  // Keep the table small: rows older than the window never count again.
  await ctx.db.delete(loginAttempts).where(sql`${loginAttempts.createdAt} < now() - make_interval(secs => ${WINDOW_SECONDS * 2})`);
  return { attemptId: row!.id };
}

/**
 * A successful sign-in forgives its own attempt, and with a device cookie that device's failures (its
 * owner's own typos). Nothing counted against the name from other clients is forgiven.
 */
export async function forgiveSignIn({ ctx, input }: { ctx: ServiceContext; input: { attemptId: number; device: string | null } }) {
  const own = eq(loginAttempts.id, input.attemptId);
  await ctx.db.delete(loginAttempts).where(input.device ? or(own, eq(loginAttempts.device, input.device)) : own);
}
