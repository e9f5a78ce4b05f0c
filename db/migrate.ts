import path from "node:path";
import type { PgliteDatabase } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import type { DatabaseHandle, DatabaseTarget } from "./index";

const committedMigrations = path.join(process.cwd(), "drizzle");
// Any constant works; it only has to be the same in every instance of this app.
const MIGRATION_LOCK_KEY = 7_301_994_001;

/**
 * Applies the committed SQL in drizzle/ (`migrationsFolder`: another folder of them, for the upgrade tests
 * that stop at an earlier migration). On Postgres several instances may start together, so the work
 * runs on one dedicated connection holding an advisory lock: the others wait, then find nothing to do.
 */
export async function migrateDatabase(
  target: DatabaseTarget,
  handle: DatabaseHandle,
  migrationsFolder = committedMigrations,
): Promise<void> {
  if (target.kind === "embedded") {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder });
    return;
  }
  const client = postgres(target.url, { max: 1, onnotice: () => {}, connect_timeout: 5 });
  try {
    await client`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
    await migratePostgres(drizzlePostgres({ client }), { migrationsFolder });
    await client`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
  } finally {
    await client.end({ timeout: 5 });
  }
}
