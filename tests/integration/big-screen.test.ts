import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { winners } from "@/db/schema";
import type { DisplayAddress, DisplaySnapshot } from "@/shared/contracts/display";
import { maskNickname } from "@/shared/text";
import { createAccount } from "../support/accounts";
import { awayFromDayTurn } from "../support/day-turn";
import { EventStreamReader } from "../support/event-stream";
import { type FileServer, startOwnServer } from "../support/file-server";
import { signedInClient, TestClient } from "../support/http-client";
import { createProduct } from "../support/products";
import { setMaintenanceMode } from "../support/settings";
import { claimPath, newVisitor } from "../support/visitor";
import { createPrizeViaApi, type PrizeFields, winViaApi } from "../support/winners";
import { TEST_ADMIN } from "./global-setup";

const WIN_REACHES_SCREEN_MS = 2_000;

describe("maskNickname", () => {
  it("keeps the first character and one * per further character, counting what a reader sees", () => {
    expect(maskNickname("Alexander")).toBe("A********");
    expect(maskNickname("김철수")).toBe("김**");
    expect(maskNickname("👨‍👩‍👧Kim")).toBe("👨‍👩‍👧***");
    expect(maskNickname("J")).toBe("J");
  });
});

/**
 * The big screen, on a server and database of its own (one instance: several instances on one database
 * are several-instances.test.ts's). Prizes and pages are made through the API; the one row no API writes
 * (a win's expiry) is written in the test that needs it.
 */
describe("the big screen", () => {
  let own: FileServer;
  let admin: TestClient;
  let token: string;
  const readers: EventStreamReader[] = [];

  beforeAll(async () => {
    own = await startOwnServer("big-screen");
    admin = await signedInClient(own.url, TEST_ADMIN);
    // Nothing placed by the server itself: the tests count the placements they make.
    await setMaintenanceMode(admin, false);
    token = ((await (await admin.get("/api/admin/display/")).json()) as DisplayAddress).token;
  }, 120_000);
  afterAll(async () => {
    for (const reader of readers) reader.close();
    await own?.stop();
  });

  function follow(url: string, withToken = token): EventStreamReader {
    const reader = new EventStreamReader(`${url}/api/display/${withToken}/events/`);
    readers.push(reader);
    return reader;
  }

  /** A visitor wins on a fresh page of a fresh prize (3 units), with this nickname. */
  async function win(nickname: string, prizeName: string) {
    const prize = await createPrizeViaApi(admin, { name: prizeName, total: 3 });
    await winViaApi(admin, own.url, { prizeId: prize.id, name: nickname, password: "8642" });
  }

  /** A prize placed on the first `placed` of `count` new pages, named `${label} 1`.. in order. */
  async function placedOnPages(
    prize: PrizeFields,
    label: string,
    count: number,
    placed: number,
    nameKo?: (index: number) => string | undefined,
  ) {
    const { id } = await createPrizeViaApi(admin, prize);
    const pages = [];
    for (let index = 0; index < count; index += 1) {
      const ko = nameKo?.(index);
      pages.push(await createProduct(admin, { name: `${label} ${index + 1}`, ...(ko && { name_ko: ko }) }));
    }
    for (const page of pages.slice(0, placed)) {
      expect((await admin.post("/api/prize-distributions/", { prize: id, product: page.id, is_active: true })).status).toBe(201);
    }
    return { prizeId: id, pages };
  }

  const showsWinOf = (prizeName: string) => (snapshot: DisplaySnapshot) =>
    snapshot.recent_winners.some((winner) => winner.prize_name === prizeName);

  it("GET /api/display/{token}/: masked winners, prizes left, today's count; never the rest of a name or a password", async () => {
    // today_left and winners_today count Seoul's day (APP_TIMEZONE): not one that turns between the win and the read.
    await awayFromDayTurn("Asia/Seoul", 10);
    await win("Bartholome", "Screen mug");
    const response = await new TestClient(own.url).get(`/api/display/${token}/`);
    expect(response.status).toBe(200);
    const text = await response.text();
    const snapshot = JSON.parse(text) as DisplaySnapshot;
    // The prize's names in English and Korean ride along: none given here.
    const names = { en: null, ko: null };
    expect(snapshot.recent_winners[0]).toEqual({
      nickname_masked: "B*********",
      prize_name: "Screen mug",
      prize_names: names,
      won_at: expect.any(String),
    });
    // Won on its only page: nothing left to find now, two for later.
    expect(snapshot.prizes).toContainEqual({
      name: "Screen mug",
      names,
      remaining_quantity: 2,
      today_left: 2,
      live_placements: 0,
      live_stands: [],
    });
    // The event's clock, for the winners' times: APP_TIMEZONE while the setting is empty.
    expect(snapshot.time_zone).toBe("Asia/Seoul");
    expect(snapshot.winners_today).toBeGreaterThanOrEqual(1);
    expect(text).not.toContain("artholome");
    expect(text).not.toContain("8642");
    expect(text).not.toMatch(/password/i);
  });

  const snapshotNow = async () => (await (await new TestClient(own.url).get(`/api/display/${token}/`)).json()) as DisplaySnapshot;

  it("says on how many stands each prize can be won now: placed and not held, while the event is open", async () => {
    const { prizeId, pages } = await placedOnPages({ total: 5, daily: 4, maintenance: 3, name: "Live tote" }, "Live", 3, 2);
    const prizeOnScreen = async () => (await snapshotNow()).prizes.find((prize) => prize.name === "Live tote");
    expect(await prizeOnScreen()).toMatchObject({
      name: "Live tote",
      names: { en: null, ko: null },
      remaining_quantity: 5,
      today_left: 4,
      live_placements: 2,
    });
    // A visitor holding one: that stand has nothing for the next visitor.
    const visitor = await newVisitor(own.url);
    expect((await visitor.post(claimPath(pages[0]!.url_path))).status).toBe(200);
    expect((await prizeOnScreen())?.live_placements).toBe(1);
    // Paused, nothing can be won anywhere: the stock stays, the stands go to 0.
    expect((await admin.patch("/api/admin/settings/", { paused: true })).status).toBe(200);
    try {
      expect(await prizeOnScreen()).toMatchObject({ remaining_quantity: 5, live_placements: 0 });
    } finally {
      expect((await admin.patch("/api/admin/settings/", { paused: false })).status).toBe(200);
    }
    // A placement by hand reaches an open screen within 2 s, as a win does.
    const reader = follow(own.url);
    await reader.waitFor(() => true, 5_000);
    const since = reader.messages.length;
    expect((await admin.post("/api/prize-distributions/", { prize: prizeId, product: pages[2]!.id })).status).toBe(201);
    const seen = await reader.waitFor<DisplaySnapshot>(
      (snapshot) => snapshot.prizes.some((prize) => prize.name === "Live tote" && prize.live_placements === 2),
      WIN_REACHES_SCREEN_MS,
      since,
    );
    expect(seen.prizes.find((prize) => prize.name === "Live tote")?.remaining_quantity).toBe(5);
  });

  it("names the stands where a prize can be won now, five at most (by name), in each language given", async () => {
    const { pages } = await placedOnPages({ total: 9, daily: 9, maintenance: 7, name: "Stand scarf" }, "Stall", 7, 7, (index) =>
      index === 1 ? "가판대 둘" : undefined,
    );
    const named = async () => {
      const prize = (await snapshotNow()).prizes.find((each) => each.name === "Stand scarf")!;
      return { live: prize.live_placements, stands: prize.live_stands };
    };
    // Named "Stall 1".."Stall 7": by name is the order they were made in.
    const stand = (index: number) => ({
      name: pages[index]!.name,
      names: { en: null, ko: index === 1 ? "가판대 둘" : null },
    });
    expect(await named()).toEqual({ live: 7, stands: [0, 1, 2, 3, 4].map(stand) });
    // A stand whose ticket a visitor holds has nothing for the next one: the list moves up.
    const visitor = await newVisitor(own.url);
    expect((await visitor.post(claimPath(pages[0]!.url_path))).status).toBe(200);
    expect(await named()).toEqual({ live: 6, stands: [1, 2, 3, 4, 5].map(stand) });
    // Paused, the prize is on no stand now: none is named.
    expect((await admin.patch("/api/admin/settings/", { paused: true })).status).toBe(200);
    try {
      expect(await named()).toEqual({ live: 0, stands: [] });
    } finally {
      expect((await admin.patch("/api/admin/settings/", { paused: false })).status).toBe(200);
    }
  });

  it("an expired win is neither listed nor counted among today's winners", async () => {
    await awayFromDayTurn("Asia/Seoul", 30);
    await win("Latecomer", "Uncollected cap");
    const before = await snapshotNow();
    expect(before.recent_winners[0]).toMatchObject({ nickname_masked: "L********", prize_name: "Uncollected cap" });
    // The deadline passed: what the sweep writes (the unit's return to stock is its own test's).
    await own.withDatabase((db) =>
      db
        .update(winners)
        .set({ collectBy: sql`now() - interval '1 minute'`, expiredAt: sql`now()` })
        .where(eq(winners.prizeName, "Uncollected cap")),
    );
    const after = await snapshotNow();
    expect(after.recent_winners.map((winner) => winner.prize_name)).not.toContain("Uncollected cap");
    expect(after.winners_today).toBe(before.winners_today - 1);
  }, 90_000);

  it("a win reaches a stream open on the instance within 2 s", async () => {
    const reader = follow(own.url);
    await reader.waitFor(() => true, 5_000);
    const since = reader.messages.length;
    await win("Streamed", "Streamed cap");
    const seen = await reader.waitFor<DisplaySnapshot>(showsWinOf("Streamed cap"), WIN_REACHES_SCREEN_MS, since);
    expect(seen.recent_winners[0]?.nickname_masked).toBe("S*******");
  });

  it("a stream survives a server restart: it reconnects and hears the next win", async () => {
    const reader = follow(own.url);
    await reader.waitFor(() => true, 5_000);
    const stopping = Date.now();
    await own.whileStopped(async () => {
      // The open stream is ended at once, so the server stops well inside its 8 s drain.
      expect(Date.now() - stopping).toBeLessThan(4_000);
    });
    await win("Restart", "After-restart badge");
    await reader.waitFor(showsWinOf("After-restart badge"), 10_000);
    expect(reader.connections).toBeGreaterThanOrEqual(2);
  }, 90_000);

  it("GET /api/admin/display/: a viewer reads the address the placements screen shows, and may not change it", async () => {
    const viewer = await signedInClient(own.url, await createAccount(admin, "viewer"));
    const read = await viewer.get("/api/admin/display/");
    expect(read.status).toBe(200);
    const address = (await read.json()) as DisplayAddress;
    expect(address).toEqual((await (await admin.get("/api/admin/display/")).json()) as DisplayAddress);
    expect(address.url).toContain(`/display/${token}`);
    expect(address.qr_code).toMatch(/^data:image\/svg\+xml;base64,/);
    const rotate = await viewer.post("/api/admin/display/rotate_token/");
    expect(rotate.status).toBe(403);
    expect(await rotate.json()).toEqual({ detail: "Your role (viewer) cannot do this." });
    expect(((await (await admin.get("/api/admin/display/")).json()) as DisplayAddress).token).toBe(token);
  });

  it("rotating the token makes the old address a 404 at once and ends its streams", async () => {
    const visitor = await newVisitor(own.url);
    expect((await visitor.post("/api/admin/display/rotate_token/")).status).toBe(401);
    const noCsrf = await admin.request("POST", "/api/admin/display/rotate_token/", { csrf: false });
    expect(noCsrf.status).toBe(403);

    const reader = follow(own.url);
    await reader.waitFor(() => true, 5_000);
    const rotated = await admin.post("/api/admin/display/rotate_token/");
    expect(rotated.status).toBe(200);
    const fresh = ((await rotated.json()) as { token: string }).token;
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{24,}$/);
    expect(fresh).not.toBe(token);
    const client = new TestClient(own.url);
    expect((await client.get(`/api/display/${token}/`)).status).toBe(404);
    expect((await client.get(`/display/${token}`)).status).toBe(404);
    expect((await client.get(`/api/display/${token}/events/`)).status).toBe(404);
    expect((await client.get(`/api/display/${fresh}/`)).status).toBe(200);
    // The old stream was ended and its reconnects are refused.
    const deadline = Date.now() + 3_000;
    while (!reader.statuses.includes(404) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(reader.statuses).toContain(404);
    token = fresh;
  });
});
