// A browser-test server on a fresh database: `node tests/e2e/support/start-server.mjs <run> <data directory>`
// (playwright.config.ts's web servers). The first server of the run seeds a template with the demo seed (tsx
// start-up, migrations, six pictures: the slow part of a start); every server then starts on a copy of it, and
// this process becomes the production server (`server.mjs`).
//   - On the local Postgres when it answers (as the integration tests do): each server gets a database of its own,
//     `CREATE DATABASE ... TEMPLATE` of the run's seeded one. PGlite runs a server's queries one at a time, in
//     its own thread: on Postgres the browser tests took 415-460 s where PGlite took 527-635 s.
//   - Else (or with TEST_DB=pglite) on the embedded PGlite, as a newcomer first runs the app: a copy of the
//     seeded template directory each (PGlite allows one process per directory).
// Plain JavaScript, as Node starts it before any server (no tsx): so it checks for Postgres itself, as
// tests/support/test-database.ts does for the Vitest tests (same TEST_POSTGRES_URL and TEST_DB=pglite).
import { execSync } from "node:child_process";
import { randomBytes, scryptSync } from "node:crypto";
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";

/**
 * Playwright starts each web server in a session of its own, and Linux's scheduler (autogroup) shares the CPU
 * fairly between sessions whatever their processes' nice: a run started at a lower priority (`nice npx playwright
 * test`) would otherwise still take a full share for each server. So the server's session takes the niceness it
 * was started with (as the browsers do: chromium-at-run-priority.sh; docs/testing.md).
 */
function keepRunPriority() {
  const niceness = os.getPriority();
  if (niceness <= 0) return;
  try {
    writeFileSync("/proc/self/autogroup", String(niceness));
  } catch {
    // No autogroup here (not Linux, or switched off): nothing to do.
  }
}
keepRunPriority();

const [run, dataDir] = process.argv.slice(2);
if (!run || !dataDir) throw new Error("usage: start-server.mjs <run id> <data directory>");
const ADMIN_POSTGRES_URL = process.env.TEST_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const root = path.resolve(".tmp/e2e-data");
const template = path.join(root, `template-${run}`);
mkdirSync(root, { recursive: true });

/** A Postgres database's name from the run id or a data directory's name (letters, digits and _ only). */
const databaseName = (label) => `prize_e2e_${label.toLowerCase().replace(/[^a-z0-9]+/g, "_")}`;
const TEMPLATE_PREFIX = databaseName("template_");

/** A run's servers copy its template only while they start, and a run lasts minutes: three hours is long ago. */
const TEMPLATE_KEPT_MS = 3 * 60 * 60 * 1000;

/**
 * Whether the run named `label` (its id as a database name: `<Date.now() in base 36>_<pid>`) started long ago.
 * @param {string} label
 */
function startedLongAgo(label) {
  const started = Number.parseInt(label.split("_")[0] ?? "", 36);
  return !Number.isFinite(started) || Date.now() - started > TEMPLATE_KEPT_MS;
}

/** @param {string} name */
function databaseUrl(name) {
  const url = new URL(ADMIN_POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** @param {(admin: import("postgres").Sql) => Promise<unknown>} work */
async function asAdmin(work) {
  const admin = postgres(ADMIN_POSTGRES_URL, { max: 1, connect_timeout: 3, onnotice: () => {} });
  try {
    return await work(admin);
  } finally {
    await admin.end({ timeout: 1 });
  }
}

async function postgresReachable() {
  if (process.env.TEST_DB === "pglite") return false;
  try {
    await asAdmin((admin) => admin`select 1`);
    return true;
  } catch {
    return false;
  }
}

const onPostgres = await postgresReachable();
if (onPostgres) {
  // The app (and the seed) need a shared secret there; the embedded database keeps a generated one in DATA_DIR.
  process.env.AUTH_SECRET ??= "browser-tests-do-not-sign-real-sessions-0123456789";
  // One browser at a time per server needs few connections, and Postgres's 100 are shared with the Vitest tests'
  // servers (npm test runs them side by side): a change of the time zone keeps a server's old pools for a
  // minute, and event-clock-and-names.spec.ts's changes held 18-29 connections on one server (peaks of 84-91
  // in all, once 100: "too many clients"). Two each (the organiser's pool too, db/index.ts).
  process.env.DATABASE_POOL_SIZE ??= "2";
}
const templateDatabase = databaseName(`template_${run}`);

/**
 * The organiser the tests sign in as, in the template with a cheap password hash: scrypt N = 2^10 where the
 * app hashes at 2^15, in the app's own format (lib/auth/password.ts: a stored hash names its cost, so the
 * check is the app's). The tests sign in a few hundred times, each 100 ms of the server's CPU at the app's
 * cost. The servers find an admin and create none from ADMIN_NAME. (The integration tests do the same:
 * tests/support/test-database.ts, cheapPasswordHash.)
 */
async function addOrganiserWithCheapHash(url) {
  const { ADMIN_NAME: name, ADMIN_PASSWORD: password } = process.env;
  if (!name || !password) return;
  const cost = { N: 2 ** 10, r: 8, p: 1 };
  const salt = randomBytes(16);
  const key = scryptSync(password.normalize("NFKC"), salt, 32, cost);
  const hash = ["scrypt", cost.N, cost.r, cost.p, salt.toString("base64"), key.toString("base64")].join("$");
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await client`insert into admins (name, password_hash) values (${name}, ${hash})`;
  } finally {
    await client.end({ timeout: 1 });
  }
}

/** Seeds the run's template once; the other servers of the run wait for it. */
async function seedTemplateOnce() {
  const seeded = `${template}.seeded`;
  try {
    mkdirSync(`${template}.lock`);
  } catch {
    // Another server of this run is seeding it.
    const deadline = Date.now() + 110_000;
    while (!existsSync(seeded)) {
      if (Date.now() > deadline) throw new Error(`No seeded template for run ${run} after 110 s`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    return;
  }
  // Earlier runs' templates go (a run's servers copy theirs only while starting).
  for (const entry of readdirSync(root)) {
    if (entry.startsWith("template-") && !entry.startsWith(`template-${run}`))
      rmSync(path.join(root, entry), { recursive: true, force: true });
  }
  const seedEnv = { ...process.env, DATA_DIR: template, DATABASE_URL: "" };
  if (onPostgres) {
    await asAdmin(async (admin) => {
      // Earlier runs' templates go, but only those started long ago: another checkout's run on this machine
      // may be starting its servers from its own template right now.
      const templates = await admin`select datname from pg_database where datname like ${`${TEMPLATE_PREFIX}%`}`;
      for (const { datname } of templates) {
        if (datname === templateDatabase || !startedLongAgo(datname.slice(TEMPLATE_PREFIX.length))) continue;
        await admin.unsafe(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
      }
      await admin.unsafe(`CREATE DATABASE "${templateDatabase}"`);
    });
    seedEnv.DATABASE_URL = databaseUrl(templateDatabase);
  }
  execSync("npm run --silent demo:seed", { env: seedEnv, stdio: "inherit" });
  if (onPostgres) await addOrganiserWithCheapHash(seedEnv.DATABASE_URL);
  writeFileSync(seeded, "");
}

await seedTemplateOnce();
rmSync(dataDir, { recursive: true, force: true });
if (onPostgres) {
  const name = databaseName(path.basename(dataDir));
  await asAdmin(async (admin) => {
    await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    // Copies of one template made at the same moment can find it "being accessed by other users": try again.
    for (let attempt = 1; ; attempt += 1) {
      try {
        await admin.unsafe(`CREATE DATABASE "${name}" TEMPLATE "${templateDatabase}"`);
        return;
      } catch (error) {
        if (attempt >= 20 || !String(error).includes("being accessed")) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  });
  mkdirSync(dataDir, { recursive: true });
  process.env.DATABASE_URL = databaseUrl(name);
  console.log(`Browser-test server: Postgres, database ${name}`);
} else {
  cpSync(template, dataDir, { recursive: true });
  process.env.DATABASE_URL = "";
  console.log(`Browser-test server: embedded PGlite in ${dataDir}`);
}
process.env.DATA_DIR = dataDir;
await import("../../../server.mjs");
