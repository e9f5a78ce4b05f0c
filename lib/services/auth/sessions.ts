import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { actingEventOf } from "@/db/queries/events";
import { adminSessions, admins } from "@/db/schema";
import { verifyAgainstDecoy, verifyPassword } from "@/lib/auth/password";
import type { LoginBody } from "@/lib/validation/admin";
import { recordAudit } from "../audit/record";
import type { AdminIdentity, ServiceContext } from "../context";
import { retryingTransaction } from "../transaction";

export const SESSION_SECONDS = 12 * 60 * 60;

/**
 * Checks a name and password; on success opens a server-side session and returns who signed in. A disabled
 * account is refused like a wrong password (after the same hashing, so the answer's timing tells nothing).
 * The session, the last sign-in time and the audit row go in one transaction; a refusal records
 * `auth.sign_in_failed` with the name typed (server-behaviour.md: not whether it exists).
 */
/** Who signed in: the account and its new session (its events are read with the session on each call). */
type SignedIn = Pick<AdminIdentity, "id" | "name" | "role" | "sessionId">;

export async function openSession({ ctx, input }: { ctx: ServiceContext; input: LoginBody }): Promise<SignedIn | null> {
  const [admin] = await ctx.db
    .select({ id: admins.id, name: admins.name, role: admins.role, isActive: admins.isActive, passwordHash: admins.passwordHash })
    .from(admins)
    .where(eq(admins.name, input.name));
  const valid = admin ? await verifyPassword(input.password, admin.passwordHash) : await verifyAgainstDecoy(input.password);
  if (!admin || !valid || !admin.isActive) {
    await recordAudit(ctx.db, ctx, { action: "auth.sign_in_failed", account: { name: input.name.slice(0, 150) } });
    return null;
  }
  const sessionId = randomBytes(32).toString("base64url");
  const identity: SignedIn = { id: admin.id, name: admin.name, role: admin.role, sessionId };
  await retryingTransaction(ctx.db, async (tx) => {
    await tx.insert(adminSessions).values({
      id: sessionId,
      adminId: admin.id,
      expiresAt: sql`now() + make_interval(secs => ${SESSION_SECONDS})`,
    });
    await tx.update(admins).set({ lastSignInAt: sql`now()` }).where(eq(admins.id, admin.id));
    await recordAudit(
      tx,
      { ...ctx, admin: identity },
      { action: "auth.sign_in", target: { type: "account", id: admin.id, name: admin.name } },
    );
  });
  return identity;
}

/**
 * The account behind a session id, with its role as it is now, if the session is neither revoked nor
 * expired and the account is active: one query on every admin call, so a role change or a disabled
 * account applies to the very next call.
 */
export async function findActiveSession({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { sessionId: string };
}): Promise<AdminIdentity | null> {
  const [row] = await ctx.db
    .select({
      id: admins.id,
      name: admins.name,
      role: admins.role,
      sessionId: adminSessions.id,
      eventIds: admins.eventIds,
      eventId: actingEventOf(),
    })
    .from(adminSessions)
    .innerJoin(admins, eq(admins.id, adminSessions.adminId))
    .where(
      and(
        eq(adminSessions.id, input.sessionId),
        isNull(adminSessions.revokedAt),
        gt(adminSessions.expiresAt, sql`now()`),
        eq(admins.isActive, true),
      ),
    );
  return row ?? null;
}

/** Signs a session out; the audit row names its account (and is written only if the session was live). */
export async function revokeSession({ ctx, input }: { ctx: ServiceContext; input: { sessionId: string } }): Promise<void> {
  await retryingTransaction(ctx.db, async (tx) => {
    const [revoked] = await tx
      .update(adminSessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(adminSessions.id, input.sessionId), isNull(adminSessions.revokedAt)))
      .returning({ adminId: adminSessions.adminId });
    if (!revoked) return;
    const [account] = await tx
      .select({ id: admins.id, name: admins.name, role: admins.role })
      .from(admins)
      .where(eq(admins.id, revoked.adminId));
    if (!account) return;
    await recordAudit(tx, ctx, { action: "auth.sign_out", account, target: { type: "account", id: account.id, name: account.name } });
  });
}
