import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { type AuditRow, auditRows, createAccount } from "../support/accounts";
import { rowsOf } from "../support/direct-database";
import { type FileServer, serverForFile } from "../support/file-server";
import { signedInClient, TestClient } from "../support/http-client";
import { createProduct } from "../support/products";
import { setMaintenanceMode } from "../support/settings";
import { createPrizeViaApi, winViaApi } from "../support/winners";
import { TEST_ADMIN } from "./global-setup";

const baseUrl = inject("baseUrl");
let owner: TestClient;

beforeAll(async () => {
  owner = await signedInClient(baseUrl, TEST_ADMIN);
});

describe("accounts", () => {
  it("POST /api/admin/accounts/ refuses a short password and an unknown role, field by field", async () => {
    const response = await owner.post("/api/admin/accounts/", { name: "shorty", password: "1234567", role: "boss" });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.password).toEqual(["The password must be at least 8 characters."]);
    expect(body.role).toHaveLength(1);
  });

  it("the last active owner can be neither demoted nor disabled; with a second owner, they can", async () => {
    const list = (await (await owner.get("/api/admin/accounts/")).json()) as { results: { id: number; name: string; role: string }[] };
    const me = list.results.find((account) => account.name === TEST_ADMIN.name)!;
    const owners = list.results.filter((account) => account.role === "owner");
    // Other files may have made owners; demote them so this one is the last.
    for (const other of owners.filter((account) => account.id !== me.id)) {
      expect((await owner.patch(`/api/admin/accounts/${other.id}/`, { role: "manager" })).status).toBe(200);
    }
    for (const change of [{ role: "manager" }, { is_active: false }]) {
      const response = await owner.patch(`/api/admin/accounts/${me.id}/`, change);
      expect(response.status).toBe(409);
      expect((await response.json()).detail).toMatch(/last active owner/);
    }
    expect((await owner.get("/api/admin/session/")).status).toBe(200);
    const second = await createAccount(owner, "owner", "second-owner");
    const secondClient = await signedInClient(baseUrl, second);
    const demoted = await secondClient.patch(`/api/admin/accounts/${me.id}/`, { role: "manager" });
    expect(demoted.status).toBe(200);
    expect((await owner.get("/api/admin/accounts/")).status).toBe(403);
    expect((await secondClient.patch(`/api/admin/accounts/${me.id}/`, { role: "owner" })).status).toBe(200);
    expect((await owner.get("/api/admin/accounts/")).status).toBe(200);
  });

  it("a disabled account's open session gets 401 on its next call; enabled again, it signs in afresh", async () => {
    const desk = await createAccount(owner, "desk");
    const deskClient = await signedInClient(baseUrl, desk);
    expect((await deskClient.get("/api/winners/")).status).toBe(200);
    expect((await owner.patch(`/api/admin/accounts/${desk.id}/`, { is_active: false })).status).toBe(200);
    expect((await deskClient.get("/api/winners/")).status).toBe(401);
    const again = await new TestClient(baseUrl).init();
    expect((await again.post("/api/admin/login/", desk)).status).toBe(400);
    expect((await owner.patch(`/api/admin/accounts/${desk.id}/`, { is_active: true })).status).toBe(200);
    // The old session stays ended: disabling signed it out, enabling does not bring it back.
    expect((await deskClient.get("/api/winners/")).status).toBe(401);
    expect((await again.post("/api/admin/login/", desk)).status).toBe(200);
  });

  it("a role change applies to the very next call of an open session", async () => {
    const account = await createAccount(owner, "viewer");
    const client = await signedInClient(baseUrl, account);
    expect((await client.post("/api/prizes/reset_all_daily/")).status).toBe(403);
    expect((await owner.patch(`/api/admin/accounts/${account.id}/`, { role: "manager" })).status).toBe(200);
    expect((await client.post("/api/prizes/reset_all_daily/")).status).toBe(200);
  });

  it("a new password signs the account out everywhere and never enters the audit log", async () => {
    const account = await createAccount(owner, "manager");
    const client = await signedInClient(baseUrl, account);
    const newPassword = "another-long-password";
    expect((await owner.patch(`/api/admin/accounts/${account.id}/`, { password: newPassword })).status).toBe(200);
    expect((await client.get("/api/admin/session/")).status).toBe(401);
    await signedInClient(baseUrl, { name: account.name, password: newPassword });
    const rows = await auditRows(owner, { target: `account:${account.id}` });
    const text = JSON.stringify(rows);
    expect(text).not.toContain(newPassword);
    expect(text).not.toContain(account.password);
    expect(text).not.toMatch(/scrypt|passwordHash|password_hash/);
    expect(rows.find((row) => row.action === "account.update")?.changes).toEqual({ password_reset: { before: null, after: true } });
  });
});

describe("audit log", () => {
  let manager: TestClient;
  let managerName: string;
  beforeAll(async () => {
    const account = await createAccount(owner, "manager", "auditor");
    managerName = account.name;
    manager = await signedInClient(baseUrl, account);
    await setMaintenanceMode(owner, false);
  });

  /** Runs `write` as the manager and returns the audit rows it added (by this manager, for this action). */
  async function rowsAddedBy(action: string, write: () => Promise<Response>, status = 200): Promise<AuditRow[]> {
    const before = await auditRows(owner, { account: managerName, action });
    const response = await write();
    expect(response.status, await response.clone().text()).toBe(status);
    const after = await auditRows(owner, { account: managerName, action });
    return after.filter((row) => !before.some((old) => old.id === row.id));
  }

  it("each write kind leaves exactly one row, with the account, its role, the target and the changed fields", async () => {
    const prize = await createPrizeViaApi(owner, { name: "Audited mug", total: 10, daily: 5 });
    const [update] = await rowsAddedBy("prize.update", () =>
      manager.form("PUT", `/api/prizes/${prize.id}/`, {
        name: "Audited mug",
        description: "",
        total_quantity: "12",
        remaining_quantity: "12",
        daily_distribution: "5",
        maintenance_count: "1",
        is_active: "true",
      }),
    );
    expect(update).toMatchObject({ account_name: managerName, account_role: "manager", target_type: "prize", target_id: String(prize.id) });
    expect(update!.changes).toEqual({ totalQuantity: { before: 10, after: 12 }, remainingQuantity: { before: 10, after: 12 } });

    const product = await createProduct(owner, { name: "Audited stand" });
    const { event_start_date, event_end_date } = await (await owner.get("/api/admin/settings/")).json();
    const writes: [string, () => Promise<Response>, number?][] = [
      ["prize.reset_daily", () => manager.post(`/api/prizes/${prize.id}/reset_daily/`)],
      ["prize.reset_all_daily", () => manager.post("/api/prizes/reset_all_daily/")],
      [
        "placement.create",
        () => manager.post("/api/prize-distributions/", { prize: prize.id, product: product.id, is_active: false }),
        201,
      ],
      ["settings.update", () => manager.patch("/api/admin/settings/", { event_start_date: "2099-05-01", event_end_date: "2099-05-02" })],
      ["product.delete", () => manager.delete(`/api/products/${product.id}/?force=true`), 204],
    ];
    try {
      for (const [action, write, status] of writes) {
        const added = await rowsAddedBy(action, write, status ?? 200);
        expect({ action, rows: added.length }).toEqual({ action, rows: 1 });
        expect(added[0]).toMatchObject({ account_name: managerName, account_role: "manager" });
      }
    } finally {
      // Put back whatever happens: a period left behind changes every later file's event.
      expect((await owner.patch("/api/admin/settings/", { event_start_date, event_end_date })).status).toBe(200);
    }
  });

  it("a hand-over and its cancel each leave one row on the winner's history; a refused repeat leaves none", async () => {
    const prize = await createPrizeViaApi(owner, { name: "Desk prize" });
    await winViaApi(owner, baseUrl, { prizeId: prize.id, name: "Audrey", password: "4321" });
    const list = (await (await owner.get("/api/winners/?search=Audrey")).json()) as { results: { id: number }[] };
    const winnerId = list.results[0]!.id;
    const [marked] = await rowsAddedBy("winner.mark_received", () => manager.post(`/api/winners/${winnerId}/mark_received/`));
    expect(marked).toMatchObject({ target_type: "winner", target_id: String(winnerId), target_name: `#${winnerId} (Desk prize)` });
    expect(marked!.changes?.is_received).toEqual({ before: false, after: true });
    expect(await rowsAddedBy("winner.mark_received", () => manager.post(`/api/winners/${winnerId}/mark_received/`), 409)).toEqual([]);
    expect(await rowsAddedBy("winner.cancel_received", () => manager.post(`/api/winners/${winnerId}/cancel_received/`))).toHaveLength(1);
    const history = await auditRows(owner, { target: `winner:${winnerId}` });
    expect(history.map((row) => row.action)).toEqual(["winner.cancel_received", "winner.mark_received"]);
  });

  it("a failed write leaves no row: a refused prize edit, an invalid body, a missing id", async () => {
    const prize = await createPrizeViaApi(owner, { total: 3, daily: 3 });
    expect(
      await rowsAddedBy(
        "prize.update",
        () =>
          manager.form("PUT", `/api/prizes/${prize.id}/`, {
            name: "x",
            total_quantity: "3",
            remaining_quantity: "3",
            daily_distribution: "3",
            maintenance_count: "1",
            is_active: "true",
            expected_remaining_quantity: "2",
          }),
        409,
      ),
    ).toEqual([]);
    expect(
      await rowsAddedBy("settings.update", () => manager.patch("/api/admin/settings/", { event_start_date: "2031-13-45" }), 400),
    ).toEqual([]);
    expect(await rowsAddedBy("prize.delete", () => manager.delete("/api/prizes/2147483000/"), 404)).toEqual([]);
  });

  it("sign-in, failed sign-in (with the name typed) and sign-out are recorded with the address", async () => {
    const account = await createAccount(owner, "viewer", "signs-in");
    const client = await new TestClient(baseUrl, "10.9.8.7").init();
    expect((await client.post("/api/admin/login/", { name: account.name, password: "wrong-password" })).status).toBe(400);
    expect((await client.post("/api/admin/login/", account)).status).toBe(200);
    expect((await client.post("/api/admin/logout/")).status).toBe(200);
    const rows = await auditRows(owner, { account: account.name });
    // Rows by this account (the account's creation is the owner's row).
    expect(rows.map((row) => [row.action, row.address])).toEqual([
      ["auth.sign_out", "10.9.8.7"],
      ["auth.sign_in", "10.9.8.7"],
      ["auth.sign_in_failed", "10.9.8.7"],
    ]);
    // The total (read from the kept tallies) matches the rows, also by action and by day.
    const today = new Date().toLocaleDateString("en-CA", { timeZone: "Asia/Seoul" });
    for (const filter of [
      `account=${account.name}`,
      `account=${account.name}&action=auth.sign_in`,
      `account=${account.name}&start_date=${today}&end_date=${today}`,
    ]) {
      const page = (await (await owner.get(`/api/admin/audit/?${filter}`)).json()) as { count: number; results: unknown[] };
      expect({ filter, count: page.count }).toEqual({ filter, count: page.results.length });
    }
    const nobody = await auditRows(owner, { account: "no-such-account-typed", action: "auth.sign_in_failed" });
    expect(nobody).toEqual([]);
    await client.post("/api/admin/login/", { name: "no-such-account-typed", password: "whatever-it-is" });
    expect(await auditRows(owner, { account: "no-such-account-typed", action: "auth.sign_in_failed" })).toHaveLength(1);
  });

  it("GET /api/admin/audit/ validates its filters", async () => {
    const response = await owner.get("/api/admin/audit/?start_date=2030-02-30&target=nonsense");
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(Object.keys(body).sort()).toEqual(["start_date", "target"]);
    const file = await owner.get("/api/admin/audit/download_excel/?action=auth.sign_in");
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toMatch(/attachment; filename="audit-\d{8}\.xlsx"/);
  });
});

describe("audit log, through the app's own database connection", () => {
  const statements = {
    UPDATE: "update audit_log set action = 'forged'",
    DELETE: "delete from audit_log",
    TRUNCATE: "truncate audit_log",
  };
  type Attempt = { before: number; refusal: unknown; after: number };
  const attempts = new Map<string, Attempt>();
  let file: FileServer;

  // All three at once: on PGlite each reach into the database stops and restarts the file's server.
  beforeAll(async () => {
    file = await serverForFile("accounts-audit");
    // A sign-in is audited, so the log has rows to forge, even on a server of the file's own.
    await signedInClient(file.url, TEST_ADMIN);
    await file.withDatabase(async (db) => {
      const count = async () => (await rowsOf<{ rows: number }>(db, sql`select count(*)::int as rows from audit_log`))[0]!.rows;
      for (const [verb, statement] of Object.entries(statements)) {
        const before = await count();
        const refusal = await db.execute(sql.raw(statement)).then(
          () => null,
          (error: unknown) => error,
        );
        attempts.set(verb, { before, refusal, after: await count() });
      }
    });
  });
  afterAll(() => file?.stop());

  it.each(Object.keys(statements))("%s is refused by the trigger", (verb) => {
    const { before, refusal, after } = attempts.get(verb)!;
    expect(before).toBeGreaterThan(0);
    expect(refusal).toBeInstanceOf(Error);
    expect(after).toBe(before);
  });
});
