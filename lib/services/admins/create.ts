import { postgresErrorCode, UNIQUE_VIOLATION } from "@/db/errors";
import { admins } from "@/db/schema";
import { hashPassword } from "@/lib/auth/password";
import { ValidationError } from "@/lib/errors";
import { type AdminCredentials, createAccountBody } from "@/lib/validation/admin";
import { text } from "@/shared/i18n/text";
import type { Role } from "@/shared/roles";
import { diffChanges, recordAudit } from "../audit/record";
import type { ServiceContext } from "../context";
import { retryingTransaction } from "../transaction";

/**
 * Creates an account with a role (the accounts screen, POST /api/admin/accounts/, `npm run admin -- create`);
 * with no role given (the command line without --role), an owner, as every admin was before roles.
 */
export async function createAdmin({ ctx, input }: { ctx: ServiceContext; input: AdminCredentials & { role?: Role } }) {
  const { name, password, role } = createAccountBody.parse({ role: "owner", ...input });
  const passwordHash = await hashPassword(password);
  try {
    return await retryingTransaction(ctx.db, async (tx) => {
      const [created] = await tx.insert(admins).values({ name, passwordHash, role }).returning({ id: admins.id, name: admins.name });
      await recordAudit(tx, ctx, {
        action: "account.create",
        target: { type: "account", id: created!.id, name },
        changes: diffChanges(null, { role, is_active: true }, ["role", "is_active"]),
      });
      return created!;
    });
  } catch (error) {
    if (postgresErrorCode(error) === UNIQUE_VIOLATION) throw ValidationError.field("name", text("errors.accounts.nameTaken", { name }));
    throw error;
  }
}
