import { eq } from "drizzle-orm";
import { admins } from "@/db/schema";
import { notFound } from "@/lib/errors";
import { type AdminCredentials, adminCredentials } from "@/lib/validation/admin";
import { text } from "@/shared/i18n/text";
import type { ServiceContext } from "../context";
import { updateAccount } from "./update";

/** Changes a password by name (`npm run admin -- set-password`) and signs that account out everywhere. */
export async function setAdminPassword({ ctx, input }: { ctx: ServiceContext; input: AdminCredentials }) {
  const { name, password } = adminCredentials.parse(input);
  const [admin] = await ctx.db.select({ id: admins.id }).from(admins).where(eq(admins.name, name));
  if (!admin) throw notFound(text("errors.accounts.noSuchAdmin", { name }));
  return updateAccount({ ctx, input: { id: admin.id, password } });
}
