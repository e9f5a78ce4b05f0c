import { and, eq, isNull, sql } from "drizzle-orm";
import { adminSessions, admins } from "@/db/schema";
import { hashPassword } from "@/lib/auth/password";
import { notFound } from "@/lib/errors";
import { type AdminCredentials, adminCredentials } from "@/lib/validation/admin";
import type { ServiceContext } from "../context";

/** Changes a password and signs that admin out everywhere: a leaked session dies with the old password. */
export async function setAdminPassword({ ctx, input }: { ctx: ServiceContext; input: AdminCredentials }) {
  const { name, password } = adminCredentials.parse(input);
  const passwordHash = await hashPassword(password);
  return ctx.db.transaction(async (tx) => {
    const [admin] = await tx
      .update(admins)
      .set({ passwordHash, updatedAt: sql`now()` })
      .where(eq(admins.name, name))
      .returning({ id: admins.id, name: admins.name });
    if (!admin) throw notFound(`No admin is named "${name}".`);
    await tx
      .update(adminSessions)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(adminSessions.adminId, admin.id), isNull(adminSessions.revokedAt)));
    return admin;
  });
}
