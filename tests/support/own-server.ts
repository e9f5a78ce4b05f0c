import { type DatabaseHandle, openDatabase } from "@/db";
import { TEST_ADMIN, TEST_AUTH_SECRET } from "../integration/global-setup";
import { type RunningServer, startServer } from "./app-server";
import { createFreshPostgresDatabase, TEST_TIME_ZONE, tempDir } from "./test-database";

export type OwnServer = { server: RunningServer; database: DatabaseHandle; stop: () => Promise<void> };

/**
 * The production server on a fresh Postgres database of its own, with the test admin, and a direct
 * connection to that database: for a file whose settings or storms must touch nothing of the others.
 */
export async function startServerWithOwnDatabase(label: string): Promise<OwnServer> {
  const fresh = await createFreshPostgresDatabase(label);
  const server = await startServer({
    DATABASE_URL: fresh.url,
    AUTH_SECRET: TEST_AUTH_SECRET,
    ADMIN_NAME: TEST_ADMIN.name,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    DATA_DIR: tempDir(label),
    APP_TIMEZONE: TEST_TIME_ZONE,
  });
  const database = openDatabase({ kind: "postgres", url: fresh.url }, { timeZone: TEST_TIME_ZONE });
  return {
    server,
    database,
    stop: async () => {
      await server.stop();
      await database.close();
      await fresh.drop();
    },
  };
}
