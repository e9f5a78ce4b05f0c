import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as XLSX from "xlsx";
import type { Db } from "@/db";
import { events, placements, prizes, products, settings, winners } from "@/db/schema";
import { newUrlPath } from "@/lib/url-path";
import { auditRows, createAccount } from "../support/accounts";
import { type FileServer, startOwnServer } from "../support/file-server";
import { signedInClient, type TestClient } from "../support/http-client";
import { TEST_ADMIN } from "./global-setup";

/**
 * Two live events on one installation: the placements, the prize desk, the dashboard and the winners' export
 * of one never show or change the other's (`?event=` picks the event on any admin URL). On a database of its
 * own: a second live event would change what every other file's event-wide lists answer.
 */

type EventRows = { id: number; prize: number; pages: number[]; placement: number; winners: Record<"waiting" | "received", number> };

/** A prize, two pages (the first with the prize placed on it) and two winners, one handed over, in `eventId`. */
async function seedEvent(db: Db, eventId: number, label: string): Promise<EventRows> {
  const tag = `${label}-${randomBytes(3).toString("hex")}`;
  const [prize] = await db
    .insert(prizes)
    .values({ eventId, name: `Prize ${tag}`, totalQuantity: 10, remainingQuantity: 10, dailyDistribution: 10, maintenanceCount: 1 })
    .returning({ id: prizes.id });
  const pages = await db
    .insert(products)
    .values([1, 2].map((index) => ({ eventId, name: `Page ${tag}-${index}`, urlPath: newUrlPath() })))
    .returning({ id: products.id });
  const [placement] = await db
    .insert(placements)
    .values({ eventId, prizeId: prize!.id, productId: pages[0]!.id })
    .returning({ id: placements.id });
  const won = { eventId, prizeId: prize!.id, productId: pages[1]!.id, prizeName: `Prize ${tag}`, productName: `Page ${tag}-2` };
  const [waiting, received] = await db
    .insert(winners)
    .values([
      { ...won, name: `${label}Waiting`, password: "5101" },
      { ...won, name: `${label}Received`, password: "5102", isReceived: true, receivedAt: new Date() },
    ])
    .returning({ id: winners.id });
  return {
    id: eventId,
    prize: prize!.id,
    pages: pages.map((page) => page.id),
    placement: placement!.id,
    winners: { waiting: waiting!.id, received: received!.id },
  };
}

const B_ZONE = "Pacific/Kiritimati";
/** Noon UTC on 1 March: already 2 March, 02:00, on B's clock. */
const B_WAITING_WON_AT = new Date("2026-03-01T12:00:00Z");

let file: FileServer;
let admin: TestClient;
let a: EventRows;
let b: EventRows;

beforeAll(async () => {
  file = await startOwnServer("events-desk");
  // Everything at once: on PGlite each reach into the database stops and restarts the server.
  [a, b] = await file.withDatabase(async (db) => {
    const [second] = await db.insert(events).values({ name: "B", status: "live" }).returning({ id: events.id });
    // B keeps the clock of a hall 14 hours ahead of UTC, A the installation's: their days begin at other instants.
    await db.insert(settings).values({ id: second!.id, timeZone: B_ZONE });
    const seeded = [await seedEvent(db, 1, "evA"), await seedEvent(db, second!.id, "evB")] as const;
    await db.update(winners).set({ createdAt: B_WAITING_WON_AT }).where(eq(winners.id, seeded[1].winners.waiting));
    return seeded;
  });
  admin = await signedInClient(file.url, TEST_ADMIN);
});

afterAll(async () => {
  await file?.stop();
});

async function json<T>(path: string): Promise<T> {
  const response = await admin.get(path);
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

type WinnerPage = { count: number; results: { id: number }[] };
const winnerIds = async (event: EventRows, query = "") =>
  (await json<WinnerPage>(`/api/winners/?event=${event.id}&page_size=100${query}`)).results.map((row) => row.id).sort((x, y) => x - y);
const both = (event: EventRows) => [event.winners.waiting, event.winners.received].sort((x, y) => x - y);

describe("winners of two live events", () => {
  it("lists and counts each event's winners only", async () => {
    expect(await winnerIds(a)).toEqual(both(a));
    expect(await winnerIds(b)).toEqual(both(b));
    // Counted from the kept tallies (no search) and from the rows (a search): both by event.
    expect((await json<WinnerPage>(`/api/winners/?event=${b.id}&is_received=true`)).count).toBe(1);
    expect((await json<WinnerPage>(`/api/winners/?event=${a.id}&search=evA`)).count).toBe(2);
    expect((await json<WinnerPage>(`/api/winners/?event=${a.id}&search=evB`)).count).toBe(0);
  });

  it("shows each event's own numbers and winners on its dashboard", async () => {
    type Dashboard = {
      total_prizes: number;
      total_products: number;
      total_winners: number;
      received_winners: number;
      recent_winners: { id: number }[];
      prize_stats: { id: number }[];
      product_stats: { id: number }[];
    };
    for (const event of [a, b]) {
      const dashboard = await json<Dashboard>(`/api/admin/dashboard/?event=${event.id}`);
      expect({
        prizes: dashboard.total_prizes,
        pages: dashboard.total_products,
        winners: dashboard.total_winners,
        received: dashboard.received_winners,
      }).toEqual({ prizes: 1, pages: 2, winners: 2, received: 1 });
      expect(dashboard.recent_winners.map((row) => row.id).sort((x, y) => x - y)).toEqual(both(event));
      expect(dashboard.prize_stats.map((row) => row.id)).toEqual([event.prize]);
      expect(dashboard.product_stats.map((row) => row.id).sort((x, y) => x - y)).toEqual(event.pages);
    }
  });

  it("counts each event's wins in its own funnel", async () => {
    for (const event of [a, b]) {
      const funnel = await json<{ totals: { wins: number }; by_product: { product_id: number; wins: number }[] }>(
        `/api/admin/funnel/?event=${event.id}`,
      );
      expect({ wins: funnel.totals.wins, pages: funnel.by_product.map((row) => [row.product_id, row.wins]) }).toEqual({
        wins: 2,
        pages: [[event.pages[1], 2]],
      });
    }
  });

  it("exports each event's winners only", async () => {
    const response = await admin.get(`/api/winners/download_excel/?event=${b.id}`);
    expect(response.status).toBe(200);
    const book = XLSX.read(new Uint8Array(await response.arrayBuffer()), { type: "array" });
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(
      rows
        .slice(1)
        .map((row) => row[0])
        .sort(),
    ).toEqual(["evBReceived", "evBWaiting"]);
  });

  it("reads a date filter and writes the export's times on the event's own clock", async () => {
    const onDay = async (day: string) => winnerIds(b, `&start_date=${day}&end_date=${day}`);
    expect(await onDay("2026-03-02")).toEqual([b.winners.waiting]);
    expect(await onDay("2026-03-01")).toEqual([]);
    const response = await admin.get(`/api/winners/download_excel/?event=${b.id}&start_date=2026-03-02&end_date=2026-03-02`);
    const book = XLSX.read(new Uint8Array(await response.arrayBuffer()), { type: "array" });
    const [header, ...rows] = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(rows.map((row) => row[header!.indexOf("Won at")])).toEqual(["2026-03-02 02:00:00"]);
  });

  it("answers 404 for another event's winner at the desk and changes nothing", async () => {
    const id = b.winners.waiting;
    expect((await admin.post(`/api/winners/${id}/mark_received/?event=${a.id}`)).status).toBe(404);
    expect((await admin.post(`/api/winners/${b.winners.received}/cancel_received/?event=${a.id}`)).status).toBe(404);
    expect((await admin.delete(`/api/winners/${id}/?event=${a.id}`)).status).toBe(404);
    expect((await admin.post(`/api/winners/${id}/erase/?event=${a.id}`)).status).toBe(404);
    const page = await json<{ results: { id: number; name: string; is_received: boolean }[] }>(
      `/api/winners/?event=${b.id}&is_received=false`,
    );
    expect(page.results).toEqual([expect.objectContaining({ id, name: "evBWaiting", is_received: false })]);
    expect(await winnerIds(b)).toEqual(both(b));
  });
});

describe("the big screens of two live events", () => {
  type Snapshot = { recent_winners: { prize_name: string }[]; prizes: { name: string; live_placements: number }[] };
  const addressOf = async (event: EventRows) => (await json<{ token: string }>(`/api/admin/display/?event=${event.id}`)).token;

  it("shows each event's own winners and prizes at its own address", async () => {
    const [tokenA, tokenB] = [await addressOf(a), await addressOf(b)];
    expect(tokenA).not.toBe(tokenB);
    for (const [event, token] of [
      [a, tokenA],
      [b, tokenB],
    ] as const) {
      const response = await fetch(`${file.url}/api/display/${token}/`);
      expect(response.status).toBe(200);
      const snapshot = (await response.json()) as Snapshot;
      // Each seeded prize's name carries its event's label: one prize, placed on one page, won twice.
      const label = event === a ? "evA" : "evB";
      expect(snapshot.prizes.map((prize) => [prize.name.includes(label), prize.live_placements])).toEqual([[true, 1]]);
      expect(snapshot.recent_winners.map((winner) => winner.prize_name.includes(label))).toEqual([true, true]);
    }
  });

  it("gives one event's screen a new address and leaves the other's", async () => {
    const [oldB, tokenA] = [await addressOf(b), await addressOf(a)];
    const rotated = await admin.post(`/api/admin/display/rotate_token/?event=${b.id}`, {});
    expect(rotated.status).toBe(200);
    const newB = await addressOf(b);
    expect(newB).not.toBe(oldB);
    expect((await fetch(`${file.url}/api/display/${oldB}/`)).status).toBe(404);
    expect((await fetch(`${file.url}/api/display/${newB}/`)).status).toBe(200);
    expect(await addressOf(a)).toBe(tokenA);
    expect((await fetch(`${file.url}/api/display/${tokenA}/`)).status).toBe(200);
  });
});

describe("placements of two live events", () => {
  type PlacementPage = { count: number; results: { id: number }[] };

  it("lists each event's placements only", async () => {
    for (const event of [a, b]) {
      const page = await json<PlacementPage>(`/api/prize-distributions/?event=${event.id}`);
      expect({ count: page.count, ids: page.results.map((row) => row.id) }).toEqual({ count: 1, ids: [event.placement] });
    }
  });

  it("refuses, with 404, a prize of one event on a page of another, and places nothing", async () => {
    const crossed = [
      { event: a, prize: a.prize, product: b.pages[1] },
      { event: a, prize: b.prize, product: a.pages[1] },
    ];
    for (const { event, prize, product } of crossed) {
      const response = await admin.post(`/api/prize-distributions/?event=${event.id}`, { prize, product, is_active: true });
      expect(response.status).toBe(404);
    }
    for (const event of [a, b]) expect((await json<PlacementPage>(`/api/prize-distributions/?event=${event.id}`)).count).toBe(1);
  });

  it("answers 404 for another event's placement", async () => {
    expect((await admin.patch(`/api/prize-distributions/${b.placement}/?event=${a.id}`, { is_active: false })).status).toBe(404);
    expect((await admin.delete(`/api/prize-distributions/${b.placement}/?event=${a.id}`)).status).toBe(404);
    const page = await json<{ results: { id: number; is_active: boolean }[] }>(`/api/prize-distributions/?event=${b.id}`);
    expect(page.results).toEqual([expect.objectContaining({ id: b.placement, is_active: true })]);
  });

  it("places the event's own prize on its own page", async () => {
    const response = await admin.post(`/api/prize-distributions/?event=${b.id}`, { prize: b.prize, product: b.pages[1], is_active: false });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    expect((await json<PlacementPage>(`/api/prize-distributions/?event=${b.id}`)).results.map((row) => row.id)).toContain(id);
    expect((await json<PlacementPage>(`/api/prize-distributions/?event=${a.id}`)).results.map((row) => row.id)).not.toContain(id);
  });
});

describe("the audit list of two live events", () => {
  it("shows a hand-over in its own event's list only", async () => {
    const id = a.winners.waiting;
    expect((await admin.post(`/api/winners/${id}/mark_received/?event=${a.id}`)).status).toBe(200);
    const handOvers = { action: "winner.mark_received", target: `winner:${id}` };
    expect(await auditRows(admin, { ...handOvers, event: String(a.id) })).toHaveLength(1);
    expect(await auditRows(admin, { ...handOvers, event: String(b.id) })).toEqual([]);
  });

  it("shows the installation's rows (sign-ins) to owners in every event, and not to a manager", async () => {
    const credentials = await createAccount(admin, "manager");
    const manager = await signedInClient(file.url, credentials);
    // The manager's own sign-in: an installation row (no event).
    const signIn = { action: "auth.sign_in", account: credentials.name };
    expect(await auditRows(admin, { ...signIn, event: String(a.id) })).toHaveLength(1);
    expect(await auditRows(admin, { ...signIn, event: String(b.id) })).toHaveLength(1);
    expect(await auditRows(manager, signIn)).toEqual([]);
  });
});
