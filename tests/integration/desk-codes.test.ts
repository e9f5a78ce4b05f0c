import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { winners } from "@/db/schema";
import { createAccount } from "../support/accounts";
import { type FileServer, serverForFile } from "../support/file-server";
import { signedInClient, type TestClient } from "../support/http-client";
import { setMaintenanceMode } from "../support/settings";
import { createPrizeViaApi, winViaApi } from "../support/winners";
import { TEST_ADMIN } from "./global-setup";

// A desk volunteer's phone once listed every winner's code and found them by nickname, so anyone who
// knew a nickname could collect. The desk finds a winner by the code the visitor shows, and never sees one.

let file: FileServer;
let baseUrl: string;
let owner: TestClient;
let manager: TestClient;
let viewer: TestClient;
let desk: TestClient;
let prizeId: number;
let maintenanceBefore: boolean | undefined;
const CODES = ["6401", "6402", "6403", "6404"];
const ids: Record<string, number> = {};

type WinnerJson = { id: number; name: string; password: string | null; is_received: boolean; collect_by: string | null; status: string };
type WinnerPage = { count: number; results: WinnerJson[]; nickname_needed?: boolean };

async function listAs(client: TestClient, query: string): Promise<WinnerPage> {
  const response = await client.get(`/api/winners/?page_size=100&${query}`);
  expect(response.status, await response.clone().text()).toBe(200);
  return response.json();
}

/** Nothing of the answer is any of this file's codes (the page's own links left aside: they echo the query). */
function expectNoCode(body: unknown) {
  const text = JSON.stringify(body, (key, value) => (key === "next" || key === "previous" ? undefined : value));
  for (const code of CODES) expect(text).not.toContain(code);
}

beforeAll(async () => {
  file = await serverForFile("desk-codes");
  baseUrl = file.url;
  owner = await signedInClient(baseUrl, TEST_ADMIN);
  maintenanceBefore = await setMaintenanceMode(owner, false);
  manager = await signedInClient(baseUrl, await createAccount(owner, "manager", "desk-codes-manager"));
  viewer = await signedInClient(baseUrl, await createAccount(owner, "viewer", "desk-codes-viewer"));
  desk = await signedInClient(baseUrl, await createAccount(owner, "desk", "desk-codes-desk"));
  prizeId = (await createPrizeViaApi(owner, { name: "Desk code mug", total: 10 })).id;
  // Two winners share a code: the code alone finds both, the nickname picks one.
  for (const [name, password] of [
    ["kCodeAnna", CODES[0]!],
    ["kCodeBen", CODES[1]!],
    ["kCodeCleo", CODES[1]!],
  ] as const) {
    await winViaApi(owner, baseUrl, { prizeId, name, password });
    const [row] = (await listAs(owner, `search=${name}`)).results;
    ids[name] = row!.id;
  }
});

afterAll(async () => {
  if (maintenanceBefore !== undefined) await setMaintenanceMode(owner, maintenanceBefore);
  await file?.stop();
});

describe("GET /api/winners/ for the prize desk", () => {
  it("finds no one without a code: not the bare list, not a nickname, not a search", async () => {
    for (const query of ["", "name=kCodeAnna", "search=kCodeAnna", `search=${CODES[0]}`, "search=kCode", "is_received=false"]) {
      const page = await listAs(desk, query);
      expect(page, query).toMatchObject({ count: 0, results: [] });
    }
  });

  it("finds by the code alone, or the code and the nickname (case aside), and never sends the code", async () => {
    const alone = await listAs(desk, `code=${CODES[0]}`);
    expect(alone.results.map((winner) => winner.name)).toEqual(["kCodeAnna"]);
    expect(alone.results[0]).toMatchObject({ id: ids.kCodeAnna, password: null, is_received: false });
    expectNoCode(alone);

    const both = await listAs(desk, `code=${CODES[1]}&name=${encodeURIComponent("  kcodecleo ")}`);
    expect(both.results.map((winner) => winner.name)).toEqual(["kCodeCleo"]);
    expectNoCode(both);
    // A nickname must match whole: part of it, or the wrong one with a right code, is no match.
    expect((await listAs(desk, `code=${CODES[1]}&name=kCode`)).count).toBe(0);
    expect((await listAs(desk, `code=${CODES[0]}&name=kCodeBen`)).count).toBe(0);
    // Part of a code finds no one.
    const partial = await desk.get(`/api/winners/?code=${CODES[0]!.slice(0, 3)}`);
    expect(partial.status).toBe(400);
    expect(await partial.json()).toEqual({ code: ["Enter the code as 4 digits."] });
  });

  it("hands over and undoes without ever receiving the code", async () => {
    const marked = await desk.post(`/api/winners/${ids.kCodeAnna}/mark_received/`);
    expect(marked.status).toBe(200);
    const markedBody = (await marked.json()) as WinnerJson;
    expect(markedBody).toMatchObject({ id: ids.kCodeAnna, is_received: true, password: null });
    expectNoCode(markedBody);

    const cancelled = await desk.post(`/api/winners/${ids.kCodeAnna}/cancel_received/`);
    expect(cancelled.status).toBe(200);
    const cancelledBody = (await cancelled.json()) as WinnerJson;
    expect(cancelledBody).toMatchObject({ id: ids.kCodeAnna, is_received: false, password: null });
    expectNoCode(cancelledBody);
  });

  it("reaches no other list of winners: the export, a prize's winners, the dashboard and the audit log are refused", async () => {
    for (const path of [
      "/api/winners/download_excel/",
      `/api/winners/download_excel/?search=kCodeAnna`,
      `/api/prizes/${prizeId}/winners/`,
      "/api/admin/dashboard/",
      `/api/admin/audit/?target=winner:${ids.kCodeAnna}`,
    ]) {
      const response = await desk.get(path);
      expect(response.status, path).toBe(403);
      expectNoCode(await response.json());
    }
  });
});

describe("a code two waiting winners share", () => {
  it("shows neither by the code alone and asks for the nickname, for every role; the nickname picks one", async () => {
    for (const reader of [desk, owner]) {
      const shared = await listAs(reader, `code=${CODES[1]}`);
      expect(shared).toMatchObject({ count: 0, results: [], nickname_needed: true });
      expectNoCode(shared.results);
      const both = await listAs(reader, `code=${CODES[1]}&name=${encodeURIComponent("  kcodecleo ")}`);
      expect(both.results.map((winner) => winner.name)).toEqual(["kCodeCleo"]);
      expect(both.nickname_needed).toBeUndefined();
    }
    // A code one waiting winner has is answered at once, without the question.
    const alone = await listAs(desk, `code=${CODES[0]}`);
    expect(alone.results).toHaveLength(1);
    expect(alone.nickname_needed).toBeUndefined();
  });

  it("shows both once only one of them is still waiting: the other's card says it was handed over", async () => {
    const [first, second] = [`kDan${Date.now() % 1000}`, `kEve${Date.now() % 1000}`];
    for (const name of [first, second]) await winViaApi(owner, baseUrl, { prizeId, name, password: CODES[3]! });
    expect(await listAs(desk, `code=${CODES[3]}`)).toMatchObject({ results: [], nickname_needed: true });
    const [dan] = (await listAs(desk, `code=${CODES[3]}&name=${first}`)).results;
    expect((await desk.post(`/api/winners/${dan!.id}/mark_received/`)).status).toBe(200);
    const after = await listAs(desk, `code=${CODES[3]}`);
    expect(after.nickname_needed).toBeUndefined();
    expect(Object.fromEntries(after.results.map((winner) => [winner.name, winner.is_received]))).toEqual({
      [first]: true,
      [second]: false,
    });
  });
});

describe("undoing a hand-over", () => {
  let minutesBefore: number | null = null;
  beforeAll(async () => {
    minutesBefore = ((await (await owner.get("/api/admin/settings/")).json()) as { collect_within_minutes: number | null })
      .collect_within_minutes;
    expect((await owner.patch("/api/admin/settings/", { collect_within_minutes: 30 })).status).toBe(200);
  });
  afterAll(async () => {
    await owner.patch("/api/admin/settings/", { collect_within_minutes: minutesBefore });
  });

  async function handedOverWin(name: string, password: string): Promise<WinnerJson> {
    await winViaApi(owner, baseUrl, { prizeId, name, password });
    const [win] = (await listAs(desk, `code=${password}&name=${name}`)).results;
    expect(win!.collect_by).not.toBeNull();
    expect((await desk.post(`/api/winners/${win!.id}/mark_received/`)).status).toBe(200);
    return win!;
  }

  it("keeps the winner's own deadline while it is still ahead", async () => {
    const win = await handedOverWin(`kFay${Date.now() % 1000}`, "6405");
    const undone = (await (await desk.post(`/api/winners/${win.id}/cancel_received/`)).json()) as WinnerJson;
    expect(undone).toMatchObject({ status: "waiting", is_received: false });
    expect(undone.collect_by).toBe(win.collect_by);
  });

  it("gives 10 minutes from the undo when the deadline passed while the prize was handed over", async () => {
    const win = await handedOverWin(`kGus${Date.now() % 1000}`, "6406");
    await file.withDatabase((db) => db.update(winners).set({ collectBy: sql`now() - interval '5 minutes'` }).where(eq(winners.id, win.id)));
    const undoneAt = Date.now();
    const undone = (await (await desk.post(`/api/winners/${win.id}/cancel_received/`)).json()) as WinnerJson;
    expect(undone).toMatchObject({ status: "waiting", is_received: false });
    const grace = new Date(undone.collect_by!).getTime() - undoneAt;
    expect(grace).toBeGreaterThan(9 * 60_000);
    expect(grace).toBeLessThan(11 * 60_000);
    // Waiting again, it can be handed over (to the right visitor this time).
    expect((await desk.post(`/api/winners/${win.id}/mark_received/`)).status).toBe(200);
  });
});

describe("GET /api/winners/ for everyone else", () => {
  it("owners, managers and viewers keep the code column, and the exact code and name filters work for them", async () => {
    for (const reader of [owner, manager, viewer]) {
      const page = await listAs(reader, "search=kCode");
      expect(Object.fromEntries(page.results.map((winner) => [winner.name, winner.password]))).toEqual({
        kCodeAnna: CODES[0],
        kCodeBen: CODES[1],
        kCodeCleo: CODES[1],
      });
      expect((await listAs(reader, `code=${CODES[1]}&name=kcodeben`)).results.map((winner) => winner.name)).toEqual(["kCodeBen"]);
    }
  });
});
