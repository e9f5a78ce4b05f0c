import { admins } from "@/db/schema";
import { hashPassword } from "@/lib/auth/password";
import { postgresErrorCode, UNIQUE_VIOLATION, ValidationError } from "@/lib/errors";
import { type AdminCredentials, adminCredentials } from "@/lib/validation/admin";
import type { ServiceContext } from "../context";

export async function createAdmin({ ctx, input }: { ctx: ServiceContext; input: AdminCredentials }) {
  const { name, password } = adminCredentials.parse(input);
  try {
    const [created] = await ctx.db
      .insert(admins)
      .values({ name, passwordHash: await hashPassword(password) })
      .returning({ id: admins.id, name: admins.name });
    return created!;
  } catch (error) {
    if (postgresErrorCode(error) === UNIQUE_VIOLATION) throw ValidationError.field("name", `An admin named "${name}" already exists.`);
    throw error;
  }
}
