import { execFile } from "node:child_process";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { describe, expect, inject, it } from "vitest";
import { type DatabaseTarget, openDatabase } from "@/db";
import { signedInClient, TestClient } from "../support/http-client";
import { createFreshPostgresDatabase, TEST_TIME_ZONE, tempDir } from "../support/test-database";
import { TEST_ADMIN, TEST_AUTH_SECRET } from "./global-setup";

const baseUrl = inject("baseUrl");
const databaseUrl = inject("databaseUrl");
const root = path.resolve(import.meta.dirname, "../..");

/** What a newcomer meets first. */
describe("the front door", () => {
  it("/ says what this server is and links to the admin", async () => {
    const response = await new TestClient(baseUrl).get("/");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("This server runs an event");
    expect(html).toMatch(/href="\/admin"/);
  });

  it("/ sends a signed-in organiser to the dashboard", async () => {
    const admin = await signedInClient(baseUrl, TEST_ADMIN);
    const response = await admin.get("/");
    expect(response.status).toBe(307);
    expect(new URL(response.headers.get("location")!, baseUrl).pathname).toBe("/admin/dashboard");
  });

  it("has a favicon, so no browser console shows a 404", async () => {
    const response = await fetch(`${baseUrl}/favicon.ico`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/x-icon");
  });
});

describe("npm run demo:seed", () => {
  /** Where the seed writes: a fresh Postgres database, or a fresh embedded folder on PGlite. */
  async function freshDatabase(): Promise<{ env: Record<string, string>; target: DatabaseTarget; drop: () => Promise<void> }> {
    if (!databaseUrl) {
      const dataDir = tempDir("demo-seed");
      return { env: { DATABASE_URL: "", DATA_DIR: dataDir }, target: { kind: "embedded", dataDir }, drop: async () => {} };
    }
    const database = await createFreshPostgresDatabase("hardening_demo");
    return { env: { DATABASE_URL: database.url }, target: { kind: "postgres", url: database.url }, drop: database.drop };
  }

  async function seed(database: Record<string, string>) {
    const env = {
      NODE_ENV: "production" as const,
      PATH: process.env.PATH ?? "",
      ...database,
      AUTH_SECRET: TEST_AUTH_SECRET,
      PORT: "4321",
      APP_TIMEZONE: "Asia/Seoul",
    };
    const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "scripts/demo-seed.ts"], { cwd: root, env });
    return stdout.split("\n").filter((line) => line.includes("/p/"));
  }

  it("prints full addresses, and marks only pages where a prize can be won now", async () => {
    const database = await freshDatabase();
    try {
      const first = await seed(database.env);
      expect(first).toHaveLength(6);
      for (const line of first) expect(line).toMatch(/^ {2}[★ ] http:\/\/localhost:4321\/p\/[A-Za-z0-9]{10} {2}\S/);
      expect(first.filter((line) => line.includes("★"))).toHaveLength(4);

      // Every tote bag is won: its placements stay on their pages but nothing can be won there any more.
      // Opened and closed between the seeds: a PGlite folder belongs to one process at a time.
      const handle = openDatabase(database.target, { timeZone: TEST_TIME_ZONE });
      await handle.db.execute(sql`update prizes set remaining_quantity = 0 where name = 'Tote bag'`);
      await handle.close();
      const after = await seed(database.env);
      expect(after.filter((line) => line.includes("★"))).toHaveLength(2);
    } finally {
      await database.drop();
    }
  }, 60_000);
});
