import type { TestProject } from "vitest/node";
import { type RunningServer, startServer } from "../support/app-server";
import { createFreshPostgresDatabase, createMigratedTemplate, postgresReachable, TEST_TIME_ZONE, tempDir } from "../support/test-database";

export const TEST_ADMIN = { name: "organiser", password: "correct-horse-battery" };
export const TEST_AUTH_SECRET = "integration-test-secret-0123456789abcdef";
/** Prometheus's bearer token for the shared server's /metrics (tests/integration/metrics.test.ts). */
export const TEST_METRICS_TOKEN = "integration-metrics-token-0123456789";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    databaseUrl: string | null;
  }
}

let server: RunningServer | undefined;
let dropDatabase: (() => Promise<void>) | undefined;
let dropTemplate: (() => Promise<void>) | undefined;

/** One app server for the whole integration run, on a fresh Postgres database (PGlite if none answers). */
export async function setup(project: TestProject) {
  const env: Record<string, string> = {
    AUTH_SECRET: TEST_AUTH_SECRET,
    ADMIN_NAME: TEST_ADMIN.name,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    DATA_DIR: tempDir("integration"),
    APP_TIMEZONE: TEST_TIME_ZONE,
    // The tests play the proxy in front: each client's X-Forwarded-For is its address (sign-in throttling
    // tests act as many visitors). throttling.test.ts runs a server with the default, 0.
    TRUSTED_PROXY_HOPS: "1",
    METRICS_TOKEN: TEST_METRICS_TOKEN,
  };
  let databaseUrl: string | null = null;
  if (await postgresReachable()) {
    // Migrated once: every fresh database of the run (this server's, and those the files make) is a copy.
    ({ drop: dropTemplate } = await createMigratedTemplate(TEST_ADMIN));
    const database = await createFreshPostgresDatabase("http");
    databaseUrl = database.url;
    dropDatabase = database.drop;
    env.DATABASE_URL = database.url;
    console.log(`Integration tests: Postgres, fresh database ${new URL(database.url).pathname.slice(1)}`);
  } else {
    console.log("Integration tests: no Postgres reachable at 127.0.0.1:5432, running on embedded PGlite instead.");
  }
  server = await startServer(env);
  project.provide("baseUrl", server.url);
  project.provide("databaseUrl", databaseUrl);
}

export async function teardown() {
  await server?.stop();
  await dropDatabase?.();
  await dropTemplate?.();
}
