import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prizes, products, winners } from "@/db/schema";
import { type FileServer, startOwnServer } from "../support/file-server";
import { signedInClient, type TestClient } from "../support/http-client";
import { seedPages, seedPrize } from "../support/seed";
import { claimPath, newVisitors } from "../support/visitor";
import { TEST_ADMIN } from "./global-setup";

const VISITORS = 100;
const PAGES = 12;

/**
 * A go-live under a crowd (server-behaviour.md, "Several events"): event A is live with its prize placed on
 * its pages; its copy keeping the addresses, with its own prize placed, goes live while 100 visitors
 * reserve and claim on those addresses. Every win is one winner, in A or in the copy, and the stock adds up in
 * both. On a database of its own: the go-live closes event 1, which other files play in.
 */
describe("going live with a copy while visitors win", () => {
  let file: FileServer;
  let admin: TestClient;

  beforeAll(async () => {
    // Every visitor at one address (no proxy in front), as the other storms.
    file = await startOwnServer("events-storm", { TRUSTED_PROXY_HOPS: "0" });
    admin = await signedInClient(file.url, TEST_ADMIN);
  }, 90_000);
  afterAll(() => file?.stop());

  it("every 201 is exactly one winner, in A or in the copy; the stock adds up in both; new scans land on the copy", async () => {
    const pages = await file.withDatabase(async (db) => {
      const mug = await seedPrize(db, { total: 10_000, daily: 10_000, maintenance: PAGES, name: "Storm mug" });
      return seedPages(db, PAGES, "Storm", Array(PAGES).fill(mug));
    });
    // Any number of wins per visitor, and each win places the prize again (automatic placement), in A and its copy.
    expect((await admin.patch("/api/admin/settings/", { wins_per_visitor: "unlimited", maintenance_mode: true })).status).toBe(200);
    const copied = await admin.post("/api/admin/events/1/copy/", { name: "Storm copy", keep_addresses: true });
    expect(copied.status).toBe(201);
    const copy = ((await copied.json()) as { id: number }).id;
    const copyPrize = ((await (await admin.get(`/api/prizes/?event=${copy}`)).json()) as { results: { id: number }[] }).results[0]!.id;
    const copyPages = ((await (await admin.get(`/api/products/?event=${copy}&page_size=100`)).json()) as { results: { id: number }[] })
      .results;
    for (const page of copyPages) {
      const placed = await admin.post(`/api/prize-distributions/?event=${copy}`, { prize: copyPrize, product: page.id, is_active: true });
      expect(placed.status, await placed.clone().text()).toBe(201);
    }

    const visitors = await newVisitors(VISITORS, () => file.url);
    const confirmed = new Set<string>();
    const answers = new Map<string, number>();
    const storm = { stopped: false };
    const tally = (key: string) => answers.set(key, (answers.get(key) ?? 0) + 1);
    async function phone(index: number) {
      const visitor = visitors[index]!;
      for (let attempt = 0; !storm.stopped; attempt += 1) {
        const page = pages[(index + attempt) % pages.length]!;
        const reserve = await visitor.post(claimPath(page.urlPath));
        await reserve.body?.cancel();
        tally(`reserve ${reserve.status}`);
        if (reserve.status !== 200) {
          // A refused phone waits a moment, as a person would: the crowd's wins, not its refusals, are the storm.
          await new Promise((resolve) => setTimeout(resolve, 100));
          continue;
        }
        const name = `s${index}n${attempt}`;
        const claim = await visitor.post(claimPath(page.urlPath), { name, password: "2580" });
        await claim.body?.cancel();
        tally(`claim ${claim.status}`);
        if (claim.status === 201) confirmed.add(name);
      }
    }
    const phones = Promise.all(visitors.map((_, index) => phone(index)));
    try {
      await expect.poll(() => confirmed.size, { timeout: 30_000 }).toBeGreaterThanOrEqual(3);
      const wentLive = await admin.post(`/api/admin/events/${copy}/go_live/`);
      expect(wentLive.status).toBe(200);
      // Claims go on until the copy has a winner of the crowd's (read as the winners screen reads it).
      await expect
        .poll(async () => ((await (await admin.get(`/api/winners/?event=${copy}`)).json()) as { count: number }).count, {
          timeout: 60_000,
          interval: 500,
        })
        .toBeGreaterThan(0);
    } finally {
      storm.stopped = true;
      await phones;
    }
    const serverErrors = [...answers].filter(([key]) => / 5\d\d$/.test(key));
    expect(serverErrors, JSON.stringify(Object.fromEntries(answers))).toEqual([]);

    // After the go-live, a scan lands on the copy: a fresh visitor's win is the copy's.
    const [late] = await newVisitors(1, () => file.url);
    let lateWin = "";
    for (const page of pages) {
      const reserve = await late!.post(claimPath(page.urlPath));
      if (reserve.status !== 200) continue;
      expect((await late!.post(claimPath(page.urlPath), { name: "late", password: "2580" })).status).toBe(201);
      lateWin = "late";
      break;
    }
    expect(lateWin).toBe("late");

    const stored = await file.withDatabase(async (db) => ({
      winners: await db.select({ name: winners.name, event: winners.eventId }).from(winners),
      stock: await db
        .select({ id: prizes.id, event: prizes.eventId, total: prizes.totalQuantity, remaining: prizes.remainingQuantity })
        .from(prizes),
      wonPerPrize: await db.select({ prize: winners.prizeId, won: sql<number>`count(*)::int` }).from(winners).groupBy(winners.prizeId),
      copyPages: await db.select({ urlPath: products.urlPath }).from(products).where(eq(products.eventId, copy)),
    }));
    const eventsOf = new Map<string, number[]>();
    for (const winner of stored.winners) eventsOf.set(winner.name!, [...(eventsOf.get(winner.name!) ?? []), winner.event]);
    // Every 201 is exactly one winner row, none lost, none in both events; no winner without a 201.
    expect([...confirmed].filter((name) => eventsOf.get(name)?.length !== 1)).toEqual([]);
    expect([...eventsOf.keys()].filter((name) => name !== "late" && !confirmed.has(name))).toEqual([]);
    expect(stored.winners.filter((winner) => winner.event !== 1 && winner.event !== copy)).toEqual([]);
    expect(stored.winners.some((winner) => winner.event === 1)).toBe(true);
    expect(stored.winners.some((winner) => winner.event === copy && winner.name !== "late")).toBe(true);
    expect(eventsOf.get("late")).toEqual([copy]);
    // The stock adds up in both events: what is left is the total less the winners.
    expect(stored.stock).toHaveLength(2);
    const won = new Map(stored.wonPerPrize.map((row) => [row.prize, row.won]));
    for (const prize of stored.stock) expect(prize.remaining, `event ${prize.event}`).toBe(prize.total - (won.get(prize.id) ?? 0));
    expect(stored.copyPages.map((page) => page.urlPath).sort()).toEqual(pages.map((page) => page.urlPath).sort());
  }, 180_000);
});
