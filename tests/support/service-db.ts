import { type DatabaseTarget, type Db, openDatabase } from "@/db";
import { migrateDatabase } from "@/db/migrate";
import { createFreshPostgresDatabase, postgresReachable, TEST_TIME_ZONE, tempDir } from "./test-database";

export type ServiceDatabase = { db: Db; kind: "postgres" | "embedded"; url: string | null; close: () => Promise<void> };

/** A migrated, empty database for service-level tests in this process: fresh Postgres, else PGlite. */
export async function freshServiceDatabase(label: string): Promise<ServiceDatabase> {
  if (await postgresReachable()) {
    const { url, drop } = await createFreshPostgresDatabase(label);
    const target: DatabaseTarget = { kind: "postgres", url };
    const handle = openDatabase(target, { timeZone: TEST_TIME_ZONE });
    await migrateDatabase(target, handle);
    return {
      db: handle.db,
      kind: "postgres",
      url,
      close: async () => {
        await handle.close();
        await drop();
      },
    };
  }
  const target: DatabaseTarget = { kind: "embedded", dataDir: tempDir(label) };
  const handle = openDatabase(target, { timeZone: TEST_TIME_ZONE });
  await migrateDatabase(target, handle);
  return { db: handle.db, kind: "embedded", url: null, close: () => handle.close() };
}
