import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";

/** Where integration tests get a database: a fresh one on the local Postgres, or PGlite if none answers. */
/** The integration server's APP_TIMEZONE; connections a test opens itself use it too, so "today" agrees. */
export const TEST_TIME_ZONE = "Asia/Seoul";

export const ADMIN_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export async function postgresReachable(): Promise<boolean> {
  if (process.env.TEST_DB === "pglite") return false;
  const client = postgres(ADMIN_POSTGRES_URL, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    await client`select 1`;
    return true;
  } catch {
    return false;
  } finally {
    await client.end({ timeout: 1 });
  }
}

/** Creates an empty database with a unique name and returns its URL and a function that drops it. */
export async function createFreshPostgresDatabase(label: string): Promise<{ url: string; drop: () => Promise<void> }> {
  // TEST_DB_TAG (e.g. a branch name) tells apart the databases of several checkouts sharing one Postgres.
  const tag = (process.env.TEST_DB_TAG ?? "").replace(/[^a-z0-9_]/gi, "").slice(0, 20);
  const name = `prize_test_${tag ? `${tag}_` : ""}${label}_${process.pid}_${Date.now().toString(36)}`;
  const admin = postgres(ADMIN_POSTGRES_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  await admin.end();
  const url = new URL(ADMIN_POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = postgres(ADMIN_POSTGRES_URL, { max: 1, onnotice: () => {} });
      await client.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await client.end();
    },
  };
}

export function tempDir(label: string): string {
  return mkdtempSync(path.join(os.tmpdir(), `prize-${label}-`));
}
