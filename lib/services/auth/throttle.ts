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

/** Throws ThrottledError when this name or address has used up its failures. */
export async function assertSignInAllowed({ ctx, input }: { ctx: ServiceContext; input: Attempt }): Promise<void> {
  const name = normalise(input.name);
  const [counts] = await ctx.db
    .select({
      byName: sql<number>`count(*) filter (where ${loginAttempts.name} = ${name})::int`,
      byAddress: sql<number>`count(*) filter (where ${loginAttempts.address} = ${input.address})::int`,
      // When the oldest failure that still counts leaves the window, one more attempt is allowed.
      retryAfter: sql<number>`ceil(extract(epoch from (min(${loginAttempts.createdAt}) + make_interval(secs => ${WINDOW_SECONDS}) - now())))::int`,
    })
    .from(loginAttempts)
    .where(
      and(
        gt(loginAttempts.createdAt, windowStart),
        or(eq(loginAttempts.name, name), eq(loginAttempts.address, input.address)),
      ),
    );
  if (!counts) return;
  if (counts.byName >= MAX_FAILURES_PER_NAME || counts.byAddress >= MAX_FAILURES_PER_ADDRESS) {
    throw new ThrottledError(Math.max(1, counts.retryAfter ?? WINDOW_SECONDS));
  }
}

export async function recordFailedSignIn({ ctx, input }: { ctx: ServiceContext; input: Attempt }): Promise<void> {
  await ctx.db.insert(loginAttempts).values({ name: normalise(input.name), address: input.address });
  // Keep the table small: rows older than the window never count again.
  await ctx.db.delete(loginAttempts).where(sql`${loginAttempts.createdAt} < now() - make_interval(secs => ${WINDOW_SECONDS * 2})`);
}

/** A successful sign-in forgives that name's earlier failures (they no longer count for the address either). */
export async function clearFailedSignIns({ ctx, input }: { ctx: ServiceContext; input: Pick<Attempt, "name"> }) {
  await ctx.db.delete(loginAttempts).where(eq(loginAttempts.name, normalise(input.name)));
}
