import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { exited, freePort } from "../support/app-server";
import { tempDir } from "../support/test-database";

const root = path.resolve(import.meta.dirname, "../..");

/** `npm <args>` in the project, as a newcomer types it; its output kept. */
function npm(args: string[], env: Record<string, string>) {
  let output = "";
  const child = spawn("npm", args, {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  return { child, output: () => output };
}

async function healthy(url: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${url}/api/health/`)).status === 200) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not come up`);
}

describe("stopping and starting, as a newcomer does", () => {
  it("one SIGTERM to `npm start` finishes the request in flight, frees ./data and exits 0; demo:seed then prints the server's port", async () => {
    const dataDir = tempDir("stopping");
    const port = await freePort();
    const env = { DATA_DIR: dataDir, ADMIN_NAME: "organiser", ADMIN_PASSWORD: "correct-horse-battery" };
    const server = npm(["start"], { ...env, PORT: String(port) });
    const url = `http://127.0.0.1:${port}`;
    await healthy(url);

    // A sign-in hashes its password (tens of milliseconds): the stop signal arrives while it is in flight.
    const inFlight = fetch(`${url}/api/admin/login/`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie: `csrftoken=${"a".repeat(64)}`, "x-csrftoken": "a".repeat(64) },
      body: JSON.stringify({ name: "organiser", password: "not-the-password" }),
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    server.child.kill("SIGTERM");
    expect((await inFlight).status).toBe(400);
    expect(await exited(server.child)).toBe(0);
    expect(server.output()).toContain("Stopped.");
    // Nothing is left listening (the old entry left a next-server child holding the port and ./data).
    await expect(fetch(`${url}/api/health/`)).rejects.toThrow();

    // The embedded database is free at once, and the seed names the port the server used, not 3000.
    const seed = npm(["run", "--silent", "demo:seed"], env);
    expect(await exited(seed.child)).toBe(0);
    expect(seed.output()).toContain(`http://localhost:${port}/p/`);
  }, 120_000);

  it("one SIGTERM to `next start` also runs the app's closings (the funnel's last flush, the database) before it exits", async () => {
    const port = await freePort();
    let output = "";
    const child = spawn(path.join(root, "node_modules/.bin/next"), ["start", "-p", String(port)], {
      cwd: root,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", NODE_ENV: "production", DATA_DIR: tempDir("next-start") },
      stdio: ["ignore", "pipe", "pipe"],
    });
    child.stdout?.on("data", (chunk) => (output += chunk));
    child.stderr?.on("data", (chunk) => (output += chunk));
    const url = `http://127.0.0.1:${port}`;
    await healthy(url);
    child.kill("SIGTERM");
    // Next.js's own exit code for SIGTERM (128 + 15), after the app said it closed.
    expect(await exited(child)).toBe(143);
    expect(output).toContain("Stopped.");
    expect(output).not.toContain("While stopping");
  }, 120_000);
});
