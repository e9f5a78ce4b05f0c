import { spawn } from "node:child_process";
import http from "node:http";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../support/app-server";
import { createFreshPostgresDatabase, postgresReachable, tempDir } from "../support/test-database";

const root = path.resolve(import.meta.dirname, "../..");

/** A port whose next one is free too: deploy:local puts its first instance there. */
async function portWithFreeNext(): Promise<number> {
  for (;;) {
    const port = await freePort();
    const nextIsFree = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port + 1, "127.0.0.1", () => probe.close(() => resolve(true)));
    });
    if (nextIsFree) return port;
  }
}

/** Another server on the port, answering every path with 200, /api/health/ too. */
function anotherServer(port: number): Promise<http.Server> {
  const server = http.createServer((_request, response) => response.end("another server"));
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

const postgresAnswers = await postgresReachable();
if (!postgresAnswers) console.log("Port-taken test: no Postgres at 127.0.0.1:5432 (TEST_POSTGRES_URL), so nothing to deploy on: not run.");

/**
 * `npm run deploy:local` on a port another server holds: nginx cannot bind it and exits, while the other
 * server answers every request. The script must say so and fail, not print "nginx at ..." over someone else.
 */
describe.runIf(postgresAnswers)("deploy:local on a port another server holds", () => {
  let dropDatabase: () => Promise<void>;
  let databaseUrl: string;
  let holder: http.Server;
  let port: number;

  beforeAll(async () => {
    const database = await createFreshPostgresDatabase("deployportp");
    dropDatabase = database.drop;
    databaseUrl = database.url;
    port = await portWithFreeNext();
    holder = await anotherServer(port);
  });

  afterAll(async () => {
    await new Promise((resolve) => holder?.close(resolve));
    await dropDatabase?.();
  });

  it("exits non-zero, naming the port and nginx's complaint, and stops its instance", async () => {
    // Its own folder (the script works in ./.tmp/deploy-local): a deploy:local of this checkout is left alone.
    const script = spawn(
      path.join(root, "node_modules/.bin/tsx"),
      [
        "--tsconfig",
        path.join(root, "tsconfig.json"),
        path.join(root, "scripts/deploy-local.ts"),
        "--instances",
        "1",
        "--port",
        String(port),
        "--prometheus-port",
        String(await freePort()),
      ],
      { cwd: tempDir("deploy-port"), env: { ...process.env, DATABASE_URL: databaseUrl, METRICS_TOKEN: "port-taken-test-metrics-token" } },
    );
    let stdout = "";
    let stderr = "";
    script.stdout.on("data", (chunk) => {
      stdout += chunk;
      // It believes it is up: Ctrl+C, as a person would, so that the failing test leaves nothing running.
      if (stdout.includes("Ctrl+C stops everything")) script.kill("SIGINT");
    });
    script.stderr.on("data", (chunk) => (stderr += chunk));
    const code = await new Promise<number | null>((resolve) => script.once("exit", resolve));
    expect(stdout).not.toContain("nginx at");
    expect(code).toBe(1);
    expect(stderr).toContain(`nginx did not start on http://127.0.0.1:${port}`);
    expect(stderr).toContain(`Another server answers at http://127.0.0.1:${port}`);
    expect(stderr).toContain("Address already in use");
    // The instance it started for nginx is gone with it.
    await expect(fetch(`http://127.0.0.1:${port + 1}/api/health/`)).rejects.toThrow();
  });
});
