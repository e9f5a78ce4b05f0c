import { sql } from "drizzle-orm";
import { admins } from "@/db/schema";
import { hashPassword } from "@/lib/auth/password";
import type { AdminCredentials } from "@/lib/validation/admin";
import type { ServiceContext } from "../context";

export type InitialAdminOutcome = "created" | "exists" | "none";

/**
 * Creates the first admin from ADMIN_NAME / ADMIN_PASSWORD when there is no admin at all. Once any admin
 * exists the variables are ignored, so changing them later never resets a password behind anyone's back.
 * Two instances starting together may both get here: the insert only happens while the table is empty,
 * and the unique name makes the loser's insert a no-op.
 */
export async function ensureInitialAdmin({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: AdminCredentials | undefined;
}): Promise<InitialAdminOutcome> {
  const [{ count } = { count: 0 }] = await ctx.db.select({ count: sql<number>`count(*)::int` }).from(admins);
  if (count > 0) return "exists";
  if (!input) return "none";
  await ctx.db
    .insert(admins)
    .values({ name: input.name, passwordHash: await hashPassword(input.password) })
    .onConflictDoNothing({ target: admins.name });
  return "created";
}
