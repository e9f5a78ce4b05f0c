import { and, eq, isNull, sql } from "drizzle-orm";
import type { Tx } from "@/db";
import { adminSessions, admins } from "@/db/schema";
import { hashPassword } from "@/lib/auth/password";
import { conflict, notFound } from "@/lib/errors";
import type { UpdateAccountBody } from "@/lib/validation/admin";
import { text } from "@/shared/i18n/text";
import { diffChanges, recordAudit } from "../audit/record";
import type { ServiceContext } from "../context";
import { retryingTransaction } from "../transaction";

export const ACCOUNT_NOT_FOUND = text("errors.accounts.notFound");
const LAST_OWNER = text("errors.accounts.lastOwner");

/** Ends every open session of an account: its next call answers 401. */
async function signOutEverywhere(tx: Tx, adminId: number) {
  await tx
    .update(adminSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(adminSessions.adminId, adminId), isNull(adminSessions.revokedAt)));
}

/**
 * Changes an account's role, active flag or password (PATCH /api/admin/accounts/{id}/). A new password or a
 * disabled account signs that account out everywhere. There is always one active owner left: the active
 * owners' rows are locked first, so two owners demoting each other at once cannot both succeed.
 */
export async function updateAccount({ ctx, input }: { ctx: ServiceContext; input: UpdateAccountBody & { id: number } }): Promise<void> {
  const passwordHash = input.password === undefined ? undefined : await hashPassword(input.password);
  await retryingTransaction(ctx.db, async (tx) => {
    await tx
      .select({ id: admins.id })
      .from(admins)
      .where(and(eq(admins.role, "owner"), eq(admins.isActive, true)))
      .orderBy(admins.id)
      .for("update");
    const columns = { name: admins.name, role: admins.role, is_active: admins.isActive };
    const [before] = await tx.select(columns).from(admins).where(eq(admins.id, input.id)).for("update");
    if (!before) throw notFound(ACCOUNT_NOT_FOUND);
    const [after] = await tx
      .update(admins)
      .set({
        ...(input.role !== undefined && { role: input.role }),
        ...(input.is_active !== undefined && { isActive: input.is_active }),
        ...(passwordHash !== undefined && { passwordHash }),
        updatedAt: sql`now()`,
      })
      .where(eq(admins.id, input.id))
      .returning(columns);
    const [{ owners } = { owners: 0 }] = await tx
      .select({ owners: sql<number>`count(*)::int` })
      .from(admins)
      .where(and(eq(admins.role, "owner"), eq(admins.isActive, true)));
    if (owners === 0) throw conflict(LAST_OWNER);
    if (passwordHash !== undefined || (before.is_active && !after!.is_active)) await signOutEverywhere(tx, input.id);
    await recordAudit(tx, ctx, {
      action: "account.update",
      target: { type: "account", id: input.id, name: before.name },
      changes: {
        ...diffChanges(before, after, ["role", "is_active"]),
        // That it changed, never what to: no password or hash enters the log.
        ...(passwordHash !== undefined && { password_reset: { before: null, after: true } }),
      },
    });
  });
}
