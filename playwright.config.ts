import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

/**
 * Browser tests drive Debian's Chromium (no browser download here) against the production build on the
 * embedded database, started fresh in .tmp/e2e-data/<project>: the way a newcomer first runs the app.
 *
 * Each project (desktop, phone) has a server and a database of its own, at E2E_PORT and E2E_PORT + 1, and
 * one worker: the two sizes run side by side, while within a project the spec files still run one at a
 * time against its server (event-rules.spec.ts pauses the whole event; the products tests delete every
 * page). A new spec needs nothing for this: both projects pick it up.
 */
export const E2E_ADMIN = { name: "organiser", password: "correct-horse-battery" };
const basePort = Number(process.env.E2E_PORT ?? 3100);

const SIZES = [
  { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } },
  { name: "phone", use: { ...devices["Pixel 7"] }, grepInvert: /@desktop-only/ },
];

const servers = SIZES.map((size, index) => ({
  project: size.name,
  port: basePort + index,
  dataDir: path.resolve(".tmp/e2e-data", size.name),
}));

/**
 * A fresh embedded database every run. (globalSetup would be too late: the web server starts first.)
 * The demo seed fills it with product pages before the server takes the directory (PGlite allows one
 * process at a time): the tests find those pages through the admin API, as there is no product creation
 * API to call from a test.
 */
function webServer({ port, dataDir }: (typeof servers)[number]) {
  return {
    command: `node -e "require('fs').rmSync(process.argv[1], { recursive: true, force: true })" "${dataDir}" && npm run --silent demo:seed && node server.mjs`,
    url: `http://127.0.0.1:${port}/api/health/`,
    reuseExistingServer: false,
    // Seeding (tsx start-up, migrations, six pictures) plus server start, on a busy machine.
    timeout: 120_000,
    stdout: "pipe" as const,
    env: {
      PORT: String(port),
      // As deployed (see tests/support/app-server.ts); the tests still reach it at 127.0.0.1.
      HOSTNAME: "0.0.0.0",
      DATA_DIR: dataDir,
      DATABASE_URL: "",
      ADMIN_NAME: E2E_ADMIN.name,
      ADMIN_PASSWORD: E2E_ADMIN.password,
    },
  };
}

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: ".tmp/test-results",
  fullyParallel: false,
  // One worker per project (below): one per server.
  workers: SIZES.length,
  retries: 0,
  // Bounds for a loaded 2-core machine running both projects side by side (an admin list took over 5 s to
  // load there); a passing test never waits them out.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [["list"]],
  use: {
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: SIZES.map((size, index) => ({
    ...size,
    workers: 1,
    use: { ...size.use, baseURL: `http://127.0.0.1:${servers[index]!.port}` },
  })),
  webServer: servers.map(webServer),
});
