import { describe, expect, it } from "vitest";
import { exited, freePort, spawnServer, startServer } from "../support/app-server";
import { tempDir } from "../support/test-database";

describe("start-up on the embedded database", () => {
  it("refuses a second process on the same PGlite directory, naming the directory", async () => {
    const dataDir = tempDir("lock");
    const first = await startServer({ DATA_DIR: dataDir });
    try {
      const second = spawnServer({ DATA_DIR: dataDir }, await freePort());
      expect(await exited(second.child)).toBe(1);
      expect(second.output()).toContain(`The embedded database in ${dataDir} is already open in process`);
      // The first server is unharmed.
      expect((await fetch(`${first.url}/api/health/`)).status).toBe(200);
    } finally {
      await first.stop();
    }
    // Once the first has stopped, the directory can be opened again.
    const again = await startServer({ DATA_DIR: dataDir });
    await again.stop();
  }, 120_000);

  it("prints how to create an admin when there is none and no ADMIN_* is set", async () => {
    const server = await startServer({ DATA_DIR: tempDir("noadmin") });
    await server.stop();
    expect(server.output()).toContain("No admin account exists yet");
    expect(server.output()).toContain("npm run admin -- create <name>");
  }, 60_000);
});

describe("start-up configuration", () => {
  it.each([
    [{ RESERVATION_SECONDS: "soon" }, "RESERVATION_SECONDS:"],
    [{ APP_TIMEZONE: "Mars/Olympus" }, "APP_TIMEZONE: must be an IANA time zone"],
    [{ DATABASE_URL: "postgres://127.0.0.1:5432/x" }, "AUTH_SECRET: is required when DATABASE_URL is set"],
    [{ ADMIN_NAME: "solo" }, "ADMIN_PASSWORD: must be set together"],
  ])(
    "stops with one clear line for %o",
    async (env, expected) => {
      const { child, output } = spawnServer({ DATA_DIR: tempDir("config"), ...env }, await freePort());
      expect(await exited(child)).toBe(1);
      expect(output()).toContain(`Invalid configuration: ${expected}`);
    },
    60_000,
  );
});
