import { randomBytes } from "node:crypto";
import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { adminSessions, admins } from "@/db/schema";
import { verifyAgainstDecoy, verifyPassword } from "@/lib/auth/password";
import type { LoginBody } from "@/lib/validation/admin";
import type { AdminIdentity, ServiceContext } from "../context";

export const SESSION_SECONDS = 12 * 60 * 60;

/** Checks a name and password; on success opens a server-side session and returns who signed in. */
export async function openSession({ ctx, input }: { ctx: ServiceContext; input: LoginBody }): Promise<AdminIdentity | null> {
  const [admin] = await ctx.db
    .select({ id: admins.id, name: admins.name, passwordHash: admins.passwordHash })
    .from(admins)
    .where(eq(admins.name, input.name));
  const valid = admin ? await verifyPassword(input.password, admin.passwordHash) : await verifyAgainstDecoy(input.password);
  if (!admin || !valid) return null;
  const sessionId = randomBytes(32).toString("base64url");
  await ctx.db.insert(adminSessions).values({
    id: sessionId,
    adminId: admin.id,
    expiresAt: sql`now() + make_interval(secs => ${SESSION_SECONDS})`,
  });
  return { id: admin.id, name: admin.name, sessionId };
}

/** The admin behind a session id, if that session is neither revoked nor expired. */
export async function findActiveSession({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { sessionId: string };
}): Promise<AdminIdentity | null> {
  const [row] = await ctx.db
    .select({ id: admins.id, name: admins.name, sessionId: adminSessions.id })
    .from(adminSessions)
    .innerJoin(admins, eq(admins.id, adminSessions.adminId))
    .where(and(eq(adminSessions.id, input.sessionId), isNull(adminSessions.revokedAt), gt(adminSessions.expiresAt, sql`now()`)));
  return row ?? null;
}

export async function revokeSession({ ctx, input }: { ctx: ServiceContext; input: { sessionId: string } }): Promise<void> {
  await ctx.db
    .update(adminSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(adminSessions.id, input.sessionId), isNull(adminSessions.revokedAt)));
}
