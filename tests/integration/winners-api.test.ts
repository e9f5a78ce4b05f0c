import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import { winners } from "@/db/schema";
import { type FileServer, serverForFile } from "../support/file-server";
import { signedInClient, type TestClient } from "../support/http-client";
import { setMaintenanceMode } from "../support/settings";
import { createPrizeViaApi, winViaApi } from "../support/winners";
import { TEST_ADMIN } from "./global-setup";

let file: FileServer;
let baseUrl: string;
let admin: TestClient;
let prize: { id: number; name: string };
let otherPrize: { id: number; name: string };
const ids: Record<string, number> = {};
let standOfAlice: number;

type WinnerJson = { id: number; name: string; password: string; prize: number | null; product: number | null; is_received: boolean };

async function list(query: string): Promise<{ count: number; results: WinnerJson[] }> {
  const response = await admin.get(`/api/winners/?page_size=1000&${query}`);
  expect(response.status).toBe(200);
  return response.json();
}
const names = (page: { results: WinnerJson[] }) => page.results.map((winner) => winner.name).sort();
/** The date in Seoul `offset` days from now, as YYYY-MM-DD. */
const seoulDay = (offset: number) => new Date(Date.now() + offset * 86_400_000).toLocaleDateString("en-CA", { timeZone: "Asia/Seoul" });

let maintenanceBefore: boolean | undefined;

beforeAll(async () => {
  file = await serverForFile("winners-api");
  baseUrl = file.url;
  admin = await signedInClient(baseUrl, TEST_ADMIN);
  // Maintenance mode may be on, left so by another file: a new prize would then be placed at once on some
  // free page, and winViaApi's own placement refused (the prize at its target). Off while here.
  maintenanceBefore = await setMaintenanceMode(admin, false);
  prize = await createPrizeViaApi(admin, { name: "Umbrella W", total: 50 });
  otherPrize = await createPrizeViaApi(admin, { name: "Mug W", total: 50 });
  // Unique nicknames and passwords for this file, so other files' winners never match its searches.
  const won = [
    ["wAlice", "7101", prize.id],
    ["wBob", "7102", prize.id],
    ["wCarol", "7103", otherPrize.id],
    ["=1+2", "7104", otherPrize.id],
  ] as const;
  for (const [name, password, prizeId] of won) {
    const { product } = await winViaApi(admin, baseUrl, { prizeId, name, password });
    const [row] = (await list(`search=${password}`)).results;
    ids[name] = row!.id;
    if (name === "wAlice") standOfAlice = product.id;
  }
});

afterAll(async () => {
  try {
    if (maintenanceBefore !== undefined) await setMaintenanceMode(admin, maintenanceBefore);
  } finally {
    await file?.stop();
  }
});

describe("GET /api/winners/", () => {
  it("lists winners newest first with the spec's fields", async () => {
    const page = await list("search=710");
    expect(page.results.map((winner) => winner.name)).toEqual(["=1+2", "wCarol", "wBob", "wAlice"]);
    expect(page.results[0]).toEqual({
      id: ids["=1+2"],
      name: "=1+2",
      password: "7104",
      prize: otherPrize.id,
      product: expect.any(Number),
      prize_name: "Mug W",
      product_name: expect.any(String),
      created_at: expect.any(String),
      is_received: false,
      received_at: null,
      // The collection deadline: none set, so none given; the spec's fields above are as they were.
      collect_by: null,
      expired_at: null,
      status: "waiting",
      // Privacy: when this winner's personal data was erased; never yet.
      erased_at: null,
    });
  });

  it("filters by prize, product, received and a literal search over nickname and password", async () => {
    expect(names(await list(`prize=${prize.id}`))).toEqual(["wAlice", "wBob"]);
    expect(names(await list(`product=${standOfAlice}`))).toEqual(["wAlice"]);
    expect(names(await list("search=wca"))).toEqual(["wCarol"]);
    expect(names(await list("search=%25"))).toEqual([]);
    expect((await admin.post(`/api/winners/${ids.wBob}/mark_received/`)).status).toBe(200);
    expect(names(await list(`prize=${prize.id}&is_received=true`))).toEqual(["wBob"]);
    expect(names(await list(`prize=${prize.id}&is_received=false`))).toEqual(["wAlice"]);
    expect((await admin.post(`/api/winners/${ids.wBob}/cancel_received/`)).status).toBe(200);
  });

  it("answers 400 naming the field for a malformed filter", async () => {
    for (const [query, field] of [
      ["prize=abc", "prize"],
      ["product=0x10", "product"],
      ["is_received=maybe", "is_received"],
      ["start_date=2026-02-30", "start_date"],
      ["end_date=22-11-2026", "end_date"],
      ["start_date=2026-03-02&end_date=2026-03-01", "start_date"],
    ] as const) {
      const response = await admin.get(`/api/winners/?${query}`);
      expect(response.status, query).toBe(400);
      expect(Object.keys(await response.json()), query).toEqual([field]);
    }
  });
});

describe("GET /api/winners/ date filters (days in APP_TIMEZONE, both ends included)", () => {
  it("includes a winner at 00:00:00 of the start day and at 23:59:59 of the end day, and nothing after", async () => {
    // Days of the last week, not fixed dates: a win older than retention_days (30) is erased by the server's
    // retention sweep within 20 s, and every later test in this file would find these winners gone.
    const [before, day, after] = [-4, -3, -2].map(seoulDay);
    // The integration server runs with APP_TIMEZONE=Asia/Seoul (+09:00).
    await file.withDatabase(async (db) => {
      const wonAt = (name: string, at: string) =>
        db
          .update(winners)
          .set({ createdAt: new Date(at) })
          .where(eq(winners.id, ids[name]!));
      await wonAt("wAlice", `${day}T00:00:00+09:00`);
      await wonAt("wBob", `${day}T23:59:59.999+09:00`);
      await wonAt("wCarol", `${after}T00:00:00+09:00`);
      await wonAt("=1+2", `${before}T23:59:59+09:00`);
    });
    expect(names(await list(`search=710&start_date=${day}&end_date=${day}`))).toEqual(["wAlice", "wBob"]);
    expect(names(await list(`search=710&start_date=${after}`))).toEqual(["wCarol"]);
    expect(names(await list(`search=710&end_date=${before}`))).toEqual(["=1+2"]);
  });
});

describe("POST /api/winners/{id}/mark_received/", () => {
  it("hands a prize over once: a second mark is 409 naming the winner and the time it was handed over", async () => {
    const first = await admin.post(`/api/winners/${ids.wAlice}/mark_received/`);
    expect(first.status).toBe(200);
    const marked = await first.json();
    expect(marked).toMatchObject({ id: ids.wAlice, is_received: true, received_at: expect.any(String) });
    const second = await admin.post(`/api/winners/${ids.wAlice}/mark_received/`);
    expect(second.status).toBe(409);
    const hhmm = new Intl.DateTimeFormat("en-GB", { timeZone: "Asia/Seoul", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(
      new Date(marked.received_at),
    );
    expect(await second.json()).toEqual({ detail: `Already handed over to wAlice at ${hhmm}.` });
  });

  it("of 10 desks marking the same winner at once, exactly one succeeds", async () => {
    const statuses = await Promise.all(
      Array.from({ length: 10 }, () => admin.post(`/api/winners/${ids.wCarol}/mark_received/`).then((r) => r.status)),
    );
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
  });

  it("cancel_received is idempotent and makes the winner collectable again", async () => {
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await admin.post(`/api/winners/${ids.wCarol}/cancel_received/`);
      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ is_received: false, received_at: null });
    }
    expect((await admin.post(`/api/winners/${ids.wCarol}/mark_received/`)).status).toBe(200);
  });

  it("answers 404 for an unknown winner", async () => {
    expect((await admin.post("/api/winners/999999/mark_received/")).status).toBe(404);
    expect((await admin.post("/api/winners/999999/cancel_received/")).status).toBe(404);
  });
});

describe("GET /api/winners/download_excel/", () => {
  it("sends a real .xlsx of the filter's winners, visitor text as text cells, never formulas", async () => {
    const response = await admin.get(`/api/winners/download_excel/?search=710`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="winners-\d{8}\.xlsx"$/);
    const book = XLSX.read(new Uint8Array(await response.arrayBuffer()), { type: "array", cellFormula: true });
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    const rows = XLSX.utils.sheet_to_json<string[]>(sheet, { header: 1 });
    expect(rows[0]).toEqual(["Nickname", "Password", "Prize", "Product", "Won at", "Received", "Received at", "Collect by", "Expired at"]);
    expect(
      rows
        .slice(1)
        .map((row) => row[0])
        .sort(),
    ).toEqual(["=1+2", "wAlice", "wBob", "wCarol"].sort());
    const formulaRow = rows.findIndex((row) => row[0] === "=1+2");
    const cell = sheet[XLSX.utils.encode_cell({ r: formulaRow, c: 0 })]!;
    expect(cell.t).toBe("s");
    expect(cell.f).toBeUndefined();
    expect(rows[formulaRow]![1]).toBe("7104");
    expect(rows[formulaRow]![4]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
  });

  it("takes the same filters, and refuses a malformed one with 400", async () => {
    const response = await admin.get(`/api/winners/download_excel/?search=710&prize=${prize.id}`);
    const book = XLSX.read(new Uint8Array(await response.arrayBuffer()), { type: "array" });
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(
      rows
        .slice(1)
        .map((row) => row[0])
        .sort(),
    ).toEqual(["wAlice", "wBob"]);
    expect((await admin.get("/api/winners/download_excel/?start_date=yesterday")).status).toBe(400);
  });
});

describe("DELETE /api/winners/{id}/", () => {
  it("removes the record and does not give the unit back to stock", async () => {
    const before = await (await admin.get(`/api/prizes/${otherPrize.id}/`)).json();
    expect((await admin.request("DELETE", `/api/winners/${ids["=1+2"]}/`)).status).toBe(204);
    expect(names(await list("search=7104"))).toEqual([]);
    const after = await (await admin.get(`/api/prizes/${otherPrize.id}/`)).json();
    expect(after.remaining_quantity).toBe(before.remaining_quantity);
    // The per-prize count (kept by the winner_tallies trigger) follows the delete exactly.
    expect(after.winners_count).toBe(before.winners_count - 1);
    expect((await admin.request("DELETE", `/api/winners/${ids["=1+2"]}/`)).status).toBe(404);
  });
});
