import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

/**
 * Browser tests drive Debian's Chromium (no browser download here) against the production build on the
 * embedded database, started fresh in .tmp/e2e-data: the way a newcomer first runs the app.
 */
export const E2E_ADMIN = { name: "organiser", password: "correct-horse-battery" };
const port = Number(process.env.E2E_PORT ?? 3100);
export const E2E_DATA_DIR = path.resolve(".tmp/e2e-data");

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: ".tmp/test-results",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
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
  projects: [
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } },
    { name: "phone", use: { ...devices["Pixel 7"] }, grepInvert: /@desktop-only/ },
  ],
  webServer: {
    // A fresh embedded database every run. (globalSetup would be too late: the web server starts first.)
    // The demo seed fills it with product pages before the server takes the directory (PGlite allows one
    // process at a time): the tests find those pages through the admin API, as there is no product
    // creation API to call from a test.
    command: `node -e "require('fs').rmSync(process.argv[1], { recursive: true, force: true })" "${E2E_DATA_DIR}" && npm run --silent demo:seed && node server.mjs`,
    url: `http://127.0.0.1:${port}/api/health/`,
    reuseExistingServer: false,
    // Seeding (tsx start-up, migrations, six pictures) plus server start, on a busy machine.
    timeout: 120_000,
    stdout: "pipe",
    env: {
      PORT: String(port),
      // As deployed (see tests/support/app-server.ts); the tests still reach it at 127.0.0.1.
      HOSTNAME: "0.0.0.0",
      DATA_DIR: E2E_DATA_DIR,
      DATABASE_URL: "",
      ADMIN_NAME: E2E_ADMIN.name,
      ADMIN_PASSWORD: E2E_ADMIN.password,
    },
  },
});
