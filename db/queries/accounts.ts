import "server-only";
import { asc, eq } from "drizzle-orm";
import type { Queryable } from "@/db";
import { admins } from "@/db/schema";
import type { AccountRow } from "@/shared/contracts/accounts";

const accountColumns = {
  id: admins.id,
  name: admins.name,
  role: admins.role,
  is_active: admins.isActive,
  last_sign_in_at: admins.lastSignInAt,
  created_at: admins.createdAt,
};

/** Every account, by name: a team has a handful, so one page holds them all. */
export async function listAccounts({ db }: { db: Queryable }): Promise<AccountRow[]> {
  const rows = await db.select(accountColumns).from(admins).orderBy(asc(admins.name));
  return rows.map(toAccountRow);
}

export async function getAccount({ db, id }: { db: Queryable; id: number }): Promise<AccountRow | null> {
  const [row] = await db.select(accountColumns).from(admins).where(eq(admins.id, id));
  return row ? toAccountRow(row) : null;
}

function toAccountRow(row: { last_sign_in_at: Date | null; created_at: Date } & Omit<AccountRow, "last_sign_in_at" | "created_at">) {
  return { ...row, last_sign_in_at: row.last_sign_in_at?.toISOString() ?? null, created_at: row.created_at.toISOString() };
}
