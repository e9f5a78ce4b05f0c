import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_PATH } from "./tests/support/chromium";

/**
 * Browser tests drive Debian's Chromium (no browser download here) against the production build, each server
 * on a fresh copy of one demo-seeded database: on the local Postgres when it answers, else on the embedded
 * PGlite in .tmp/e2e-data/ (tests/e2e/support/start-server.mjs).
 *
 * Two sizes (desktop, phone), and for each size E2E_SERVERS_PER_SIZE servers (2; 1 when the command names
 * spec files), each with a database of its own and one worker: the spec files are shared out between a
 * size's servers, and on each server they still run one at a time (event-rules.spec.ts pauses the whole
 * event; the products tests delete every page). Ports: E2E_PORT upwards, one per server. A new spec needs
 * nothing for this: it is shared out with the others. A behaviour is tested at the size where it matters (a
 * test or describe tagged `@desktop-only` or `@phone-only`); an untagged test, at both sizes, is about layout.
 */
export const E2E_ADMIN = { name: "organiser", password: "correct-horse-battery" };
const basePort = Number(process.env.E2E_PORT ?? 3100);

const SIZES = [
  { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } }, grepInvert: /@phone-only/ },
  // A Pixel 7 laid out at its own size, painted at one device pixel per CSS pixel: its 2.625 cost the phone tests
  // about an eighth of their CPU in pixels nothing asserts on. Screenshots for a person keep the phone's density.
  {
    name: "phone",
    use: { ...devices["Pixel 7"], ...(process.env.SCREENSHOTS ? {} : { deviceScaleFactor: 1 }) },
    grepInvert: /@desktop-only/,
  },
];

// Decided once, in the runner, and inherited by its workers (which read this file again with other arguments):
// a command naming spec files runs few tests, and one server per size starts sooner than two.
const namesSpecFiles = process.argv.some((argument) => /\.spec\.ts\b/.test(argument));
process.env.E2E_SERVERS_PER_SIZE ??= namesSpecFiles ? "1" : "2";
const serversPerSize = Math.max(1, Number(process.env.E2E_SERVERS_PER_SIZE) || 1);
// The Chromium the wrapper below starts, in the browser's own session at the run's priority.
process.env.E2E_CHROMIUM ??= CHROMIUM_PATH;
// The run's template database (tests/e2e/support/start-server.mjs): one demo seed per run, copied for each server.
process.env.E2E_RUN ??= `${Date.now().toString(36)}-${process.pid}`;

/**
 * The spec files shared out between a size's servers, heaviest first onto the lightest server (by size in
 * bytes: a rough measure of a file's steps), the same in the runner and in every worker.
 */
function shareOut(shares: number): RegExp[][] {
  const folder = path.resolve("tests/e2e");
  const files = readdirSync(folder)
    .filter((name) => name.endsWith(".spec.ts"))
    .map((name) => ({ name, weight: statSync(path.join(folder, name)).size }))
    .sort((a, b) => b.weight - a.weight || a.name.localeCompare(b.name));
  const groups = Array.from({ length: shares }, () => ({ weight: 0, files: [] as RegExp[] }));
  for (const file of files) {
    const lightest = groups.reduce((best, group) => (group.weight < best.weight ? group : best));
    lightest.weight += file.weight;
    lightest.files.push(new RegExp(`[\\\\/]${file.name.replaceAll(".", "\\.")}$`));
  }
  return groups.map((group) => group.files);
}
const shares = shareOut(serversPerSize);

const servers = SIZES.flatMap((size, sizeIndex) =>
  shares.map((testMatch, share) => {
    const port = basePort + sizeIndex * serversPerSize + share;
    // By port: two runs side by side (E2E_PORT apart) never share a directory (PGlite: one process each).
    return { size, testMatch, port, dataDir: path.resolve(".tmp/e2e-data", `${size.name}-${port}`) };
  }),
);

/**
 * A fresh database every run (globalSetup would be too late: the web server starts first). The demo seed
 * fills it with product pages before the server starts: the tests find those pages through the admin API, as
 * there is no product creation API to call from a test.
 */
function webServer({ port, dataDir }: (typeof servers)[number]) {
  return {
    command: `node ${process.env.E2E_NODE_FLAGS ?? ""} tests/e2e/support/start-server.mjs "${process.env.E2E_RUN}" "${dataDir}"`,
    url: `http://127.0.0.1:${port}/api/health/`,
    reuseExistingServer: false,
    // Seeding (tsx start-up, migrations, six pictures) plus server start, on a busy machine.
    timeout: 150_000,
    stdout: "pipe" as const,
    // Stopped as a deployment stops it: its Postgres connections close, and a profile asked for is written.
    gracefulShutdown: { signal: "SIGTERM" as const, timeout: 10_000 },
    env: {
      PORT: String(port),
      // As deployed (see tests/support/app-server.ts); the tests still reach it at 127.0.0.1.
      HOSTNAME: "0.0.0.0",
      ADMIN_NAME: E2E_ADMIN.name,
      ADMIN_PASSWORD: E2E_ADMIN.password,
      // webhooks.spec.ts posts to a receiver it starts on 127.0.0.1, an address a deployment refuses.
      WEBHOOKS_ALLOW_PRIVATE: "1",
    },
  };
}

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: ".tmp/test-results",
  fullyParallel: false,
  // One worker per project (below): one per server.
  workers: servers.length,
  retries: 0,
  // Bounds for a loaded 2-core machine running both projects beside the Vitest files, on its slow days too (the
  // same host runs the suite up to twice as slowly some evenings: an admin list took over 15 s to load once in
  // CI then); a passing test never waits them out.
  timeout: 60_000,
  expect: { timeout: 30_000 },
  // The list, and for a failed test its page as it was (CI keeps only what is printed).
  reporter: [["list"], ["./tests/e2e/support/page-at-failure-reporter.ts"]],
  use: {
    // No trace by default: recording one (DOM snapshots at every step) cost about a fifth of the browser tests'
    // CPU, and CI keeps only the printed output. `npx playwright test --trace on` records them.
    trace: "off",
    launchOptions: {
      executablePath: path.resolve("tests/e2e/support/chromium-at-run-priority.sh"),
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
  // Each size's projects share its name (`--project phone` runs them all; tests read `testInfo.project.name`).
  projects: servers.map(({ size, testMatch, port }) => ({
    ...size,
    testMatch,
    workers: 1,
    use: { ...size.use, baseURL: `http://127.0.0.1:${port}` },
  })),
  webServer: servers.map(webServer),
});
