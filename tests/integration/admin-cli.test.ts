import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type FileServer, serverForFile } from "../support/file-server";
import { signedInClient } from "../support/http-client";
import { TEST_ADMIN, TEST_AUTH_SECRET } from "./global-setup";

const root = path.resolve(import.meta.dirname, "../..");

/** `npm run admin -- <args>` against the file's database (`env` points there), the password piped in. */
function adminCommand(args: string[], password: string, env: Record<string, string>) {
  return spawnSync(path.join(root, "node_modules/.bin/tsx"), ["scripts/admin.ts", ...args], {
    cwd: root,
    input: `${password}\n`,
    encoding: "utf8",
    env: { ...process.env, ...env, AUTH_SECRET: TEST_AUTH_SECRET, APP_TIMEZONE: "Asia/Seoul" },
    timeout: 60_000,
  });
}

describe("npm run admin -- create <name> --role", () => {
  let file: FileServer;
  const name = `cli-desk-${Date.now().toString(36)}`;
  let created: ReturnType<typeof adminCommand>;
  let refused: ReturnType<typeof adminCommand>;
  // The command opens the database itself; on PGlite the server is stopped meanwhile (one process per
  // folder), so both commands run at once, before the tests.
  beforeAll(async () => {
    file = await serverForFile("admin-cli");
    [created, refused] = await file.withDatabaseEnv(async (env) => [
      adminCommand(["create", name, "--role", "desk"], "long-enough-password", env),
      adminCommand(["create", "cli-boss", "--role", "boss"], "long-enough-password", env),
    ]);
  });
  afterAll(() => file?.stop());

  it("creates an account with that role, which the server then enforces", async () => {
    expect(created.status, created.stderr).toBe(0);
    expect(created.stdout).toContain(`Account "${name}" (desk) created.`);
    const desk = await signedInClient(file.url, { name, password: "long-enough-password" });
    expect(await (await desk.get("/api/admin/session/")).json()).toEqual({ name, role: "desk", event: 1 });
    expect((await desk.get("/api/products/")).status).toBe(403);
  });

  it("refuses an unknown role before asking for anything, and creates nothing", async () => {
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("--role owner|manager|desk|viewer");
    const owner = await signedInClient(file.url, TEST_ADMIN);
    const list = await owner.get("/api/admin/accounts/?page_size=1000");
    expect(JSON.stringify(await list.json())).not.toContain("cli-boss");
  });
});
