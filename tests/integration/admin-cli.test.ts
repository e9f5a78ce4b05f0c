import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { signedInClient } from "../support/http-client";
import { TEST_ADMIN, TEST_AUTH_SECRET } from "./global-setup";

const baseUrl = inject("baseUrl");
const databaseUrl = inject("databaseUrl");
const root = path.resolve(import.meta.dirname, "../..");

/** `npm run admin -- <args>` against the integration server's database, the password piped in. */
function adminCommand(args: string[], password: string) {
  return spawnSync(path.join(root, "node_modules/.bin/tsx"), ["scripts/admin.ts", ...args], {
    cwd: root,
    input: `${password}\n`,
    encoding: "utf8",
    env: { ...process.env, DATABASE_URL: databaseUrl ?? "", AUTH_SECRET: TEST_AUTH_SECRET, APP_TIMEZONE: "Asia/Seoul" },
    timeout: 60_000,
  });
}

// The command opens the database itself; on PGlite the server holds the data directory alone.
describe.runIf(databaseUrl)("npm run admin -- create <name> --role", () => {
  it("creates an account with that role, which the server then enforces", async () => {
    const name = `cli-desk-${Date.now().toString(36)}`;
    const created = adminCommand(["create", name, "--role", "desk"], "long-enough-password");
    expect(created.status, created.stderr).toBe(0);
    expect(created.stdout).toContain(`Account "${name}" (desk) created.`);
    const desk = await signedInClient(baseUrl, { name, password: "long-enough-password" });
    expect(await (await desk.get("/api/admin/session/")).json()).toEqual({ name, role: "desk" });
    expect((await desk.get("/api/products/")).status).toBe(403);
  });

  it("refuses an unknown role before asking for anything, and creates nothing", async () => {
    const refused = adminCommand(["create", "cli-boss", "--role", "boss"], "long-enough-password");
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("--role owner|manager|desk|viewer");
    const owner = await signedInClient(baseUrl, TEST_ADMIN);
    const list = await owner.get("/api/admin/accounts/?page_size=1000");
    expect(JSON.stringify(await list.json())).not.toContain("cli-boss");
  });
});
