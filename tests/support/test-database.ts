import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { hashPassword } from "@/lib/auth/password";

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

/** The name of a database of this checkout's tests: TEST_DB_TAG (e.g. a branch name) tells apart several checkouts. */
function databaseName(label: string): string {
  const tag = (process.env.TEST_DB_TAG ?? "").replace(/[^a-z0-9_]/gi, "").slice(0, 20);
  return `prize_test_${tag ? `${tag}_` : ""}${label}_${process.pid}_${Date.now().toString(36)}`;
}

/**
 * The migrated database the integration run copies each fresh one from (tests/integration/global-setup.ts
 * makes it once, and names it here for the test files' processes): `CREATE DATABASE ... TEMPLATE` copies
 * it in a few milliseconds, where applying every migration again took a second or more on a busy machine.
 */
const TEMPLATE_DATABASE_VARIABLE = "TEST_TEMPLATE_DATABASE";

/**
 * Creates a database with a unique name and returns its URL and a function that drops it: a copy of the
 * run's migrated template when there is one (the integration tests), else empty (the server migrates it
 * at start-up, as in production). `empty`: always empty, for a test of the migrations themselves.
 */
export async function createFreshPostgresDatabase(
  label: string,
  { empty = false }: { empty?: boolean } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = databaseName(label);
  const template = empty ? undefined : process.env[TEMPLATE_DATABASE_VARIABLE];
  const admin = postgres(ADMIN_POSTGRES_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ""}`);
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

/**
 * The database at `databaseUrl` refuses connections, and those open are ended (as when Postgres goes away), or
 * takes them again; the machine's Postgres and every other database on it go on.
 */
export async function setDatabaseOpen(databaseUrl: string, open: boolean) {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.slice(1));
  const admin = postgres(ADMIN_POSTGRES_URL, { max: 1, onnotice: () => {} });
  try {
    await admin.unsafe(`ALTER DATABASE "${name}" WITH ALLOW_CONNECTIONS ${open}`);
    if (!open) await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${name}`;
  } finally {
    await admin.end();
  }
}

/**
 * A password hash at scrypt's N = 2^10 (the app's is 2^15): each check about 3 ms of CPU instead of 100. For
 * the accounts the tests sign in with hundreds of times; the format, the check and the throttling are the
 * app's own (the stored hash names its cost), and tests/unit/auth.test.ts checks the app's cost.
 */
export function cheapPasswordHash(password: string): Promise<string> {
  return hashPassword(password, { N: 2 ** 10, r: 8, p: 1 });
}

/**
 * Creates the migrated template (drizzle/), and names it for createFreshPostgresDatabase in this process and its
 * children. `firstAdmin`: the account every copy starts with (a server finds it and creates none from
 * ADMIN_NAME), with a cheap hash: the integration tests sign in as it hundreds of times.
 */
export async function createMigratedTemplate(firstAdmin?: {
  name: string;
  password: string;
}): Promise<{ name: string; drop: () => Promise<void> }> {
  const fresh = await createFreshPostgresDatabase("template", { empty: true });
  const client = postgres(fresh.url, { max: 1, onnotice: () => {} });
  try {
    await migratePostgres(drizzlePostgres({ client }), { migrationsFolder: path.join(process.cwd(), "drizzle") });
    if (firstAdmin) {
      await client`insert into admins (name, password_hash) values (${firstAdmin.name}, ${await cheapPasswordHash(firstAdmin.password)})`;
    }
  } finally {
    await client.end();
  }
  const name = new URL(fresh.url).pathname.slice(1);
  process.env[TEMPLATE_DATABASE_VARIABLE] = name;
  return {
    name,
    drop: async () => {
      delete process.env[TEMPLATE_DATABASE_VARIABLE];
      await fresh.drop();
    },
  };
}

export function tempDir(label: string): string {
  return mkdtempSync(path.join(os.tmpdir(), `prize-${label}-`));
}
