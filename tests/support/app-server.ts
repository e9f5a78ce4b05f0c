import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import net from "node:net";
import path from "node:path";

// The repository root, where Vitest and Playwright both run. Not import.meta: Playwright compiles a spec's
// imports to CommonJS, where it is a syntax error (tests/e2e/new-event.spec.ts starts a server of its own).
const root = process.cwd();
/** The production server `npm start` runs (server.mjs, on the build in .next). */
const APP_SERVER = path.join(root, "server.mjs");
const BUILD_ID = path.join(root, ".next/BUILD_ID");

/**
 * The storms here prove the races (one winner per unit, nothing given twice), asking hundreds at once: with the
 * overload lane's default bound most of a burst would be shed with 503, which a real page waits out and
 * retries. So test servers admit that many visitor requests at once (the benchmarks keep the default); the lane itself is proved with a small
 * bound by tests/integration/overload-lane.test.ts, which sets its own.
 */
export const TEST_LANES = { VISITOR_CONCURRENCY: "1000", CLAIMS_PER_VISITOR: "1000" };
/**
 * Postgres's 100 connections are shared by every server of `npm test` at once: the Vitest run's server, the
 * files' own servers, the browser tests' four (docs/testing.md). Ten visitor connections each came near to
 * running them out ("too many clients": 503s in a storm); five still let a storm's claims race each other.
 */
const TEST_POOL = { DATABASE_POOL_SIZE: "5" };
/** Under Vitest only: the benchmarks (scripts/bench-*.ts) start servers here too and measure the defaults. */
const TEST_DEFAULTS = process.env.VITEST ? { ...TEST_LANES, ...TEST_POOL } : {};

export type RunningServer = { url: string; process: ChildProcess; output: () => string; stop: () => Promise<void> };

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

/**
 * Starts the production build (`npm run build` first) with the given environment on a free port.
 * `appServer`: another checkout's server.mjs (a benchmark comparing two builds).
 */
export function spawnServer(
  env: Record<string, string>,
  port: number,
  appServer = APP_SERVER,
): { child: ChildProcess; output: () => string } {
  const buildId = appServer === APP_SERVER ? BUILD_ID : path.join(path.dirname(appServer), ".next/BUILD_ID");
  if (!existsSync(buildId)) throw new Error("No production build: run `npm run build` before the integration tests.");
  let output = "";
  const child = spawn(process.execPath, [appServer], {
    env: { PATH: process.env.PATH ?? "", NODE_ENV: "production", HOSTNAME: "0.0.0.0", PORT: String(port), ...TEST_DEFAULTS, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  return { child, output: () => output };
}

/** Resolves with the exit code once the process has ended. */
export function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const done = exited(child);
  child.kill("SIGTERM");
  const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
  await done;
  clearTimeout(timer);
}

/** `port`: a given one, e.g. to start a stopped instance again where its clients reconnect. */
export async function startServer(env: Record<string, string>, port?: number, appServer?: string): Promise<RunningServer> {
  port ??= await freePort();
  const { child, output } = spawnServer(env, port, appServer);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The app server exited (${child.exitCode}):\n${output()}`);
    try {
      const response = await fetch(`${url}/api/health/`);
      if (response.status === 200) return { url, process: child, output, stop: () => stopProcess(child) };
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await stopProcess(child);
  throw new Error(`The app server did not become healthy within 60 s:\n${output()}`);
}
