import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { admins, placements, prizes, products } from "@/db/schema";
import { newUrlPath } from "@/lib/url-path";
import { createAccount } from "../support/accounts";
import { type FileServer, startOwnServer } from "../support/file-server";
import { signedInClient, type TestClient } from "../support/http-client";
import { newVisitor, tryToWin } from "../support/visitor";
import { TEST_ADMIN } from "./global-setup";

/**
 * The events API (server-behaviour.md, "Several events"): drafts made, renamed and deleted; a copy keeping
 * the addresses takes the printed QR cards over from the moment it goes live, and the source keeps its
 * winners. On a database of its own: a second live event changes what every event-wide list answers.
 */
type EventAnswer = {
  id: number;
  name: string;
  status: string;
  is_default: boolean;
  product_pages: number;
  prizes: number;
  winners: number;
};

let file: FileServer;
let admin: TestClient;
const address = newUrlPath();

async function eventsListed(): Promise<EventAnswer[]> {
  const response = await admin.get("/api/admin/events/");
  expect(response.status).toBe(200);
  return ((await response.json()) as { results: EventAnswer[] }).results;
}

/** A receiver of event `event`'s event.closed messages (nothing listens there: the log is what is read). */
async function closedReceiver(event: number): Promise<number> {
  const response = await admin.post(`/api/admin/webhooks/?event=${event}`, { url: "http://127.0.0.1:9/hook", types: ["event.closed"] });
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: number }).id;
}

async function messagesTo(event: number, receiver: number): Promise<string[]> {
  const response = await admin.get(`/api/admin/webhooks/${receiver}/deliveries/?event=${event}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { results: { type: string }[] }).results.map((row) => row.type);
}

async function winnersOf(event: number): Promise<number> {
  const response = await admin.get(`/api/winners/?event=${event}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { count: number }).count;
}

beforeAll(async () => {
  // Receivers on this machine: the event.closed messages are read from their delivery logs.
  file = await startOwnServer("events-api", { WEBHOOKS_ALLOW_PRIVATE: "1" });
  // Event 1's stand, with a prize waiting on it.
  await file.withDatabase(async (db) => {
    const [prize] = await db
      .insert(prizes)
      .values({ name: "Mug", totalQuantity: 5, remainingQuantity: 5, dailyDistribution: 5, maintenanceCount: 1 })
      .returning({ id: prizes.id });
    const [page] = await db.insert(products).values({ name: "Coffee stand", urlPath: address }).returning({ id: products.id });
    await db.insert(placements).values({ prizeId: prize!.id, productId: page!.id });
  });
  admin = await signedInClient(file.url, TEST_ADMIN);
}, 120_000);

afterAll(() => file?.stop());

describe("the events API", () => {
  it("makes a draft, renames it and deletes it; a live event cannot be deleted", async () => {
    const created = await admin.post("/api/admin/events/", { name: "Autumn fair" });
    expect(created.status).toBe(201);
    const draft = (await created.json()) as EventAnswer;
    expect(draft).toMatchObject({ name: "Autumn fair", status: "draft", is_default: false, product_pages: 0, prizes: 0, winners: 0 });
    expect((await eventsListed()).map((event) => event.id)).toContain(draft.id);

    const renamed = await admin.patch(`/api/admin/events/${draft.id}/`, { name: "Winter fair" });
    expect(await renamed.json()).toMatchObject({ id: draft.id, name: "Winter fair" });
    expect((await admin.patch(`/api/admin/events/${draft.id}/`, { name: " " })).status).toBe(400);
    // A name is almost any text: a body with another field is refused, not taken for a name alone.
    const stray = await admin.post("/api/admin/events/", { name: "Spare", keep_addresses: true });
    expect(stray.status).toBe(400);
    expect(await stray.json()).toEqual({ non_field_errors: [expect.stringContaining("keep_addresses")] });

    expect((await admin.delete(`/api/admin/events/${draft.id}/`)).status).toBe(204);
    expect((await admin.get(`/api/admin/events/${draft.id}/`)).status).toBe(404);
    const live = await admin.delete("/api/admin/events/1/");
    expect(live.status).toBe(409);
    expect((await eventsListed()).find((event) => event.id === 1)).toMatchObject({ status: "live", is_default: true });
  });

  it("a copy keeping the addresses serves the printed QR codes once it goes live; the source closes with its winners", async () => {
    const first = await newVisitor(file.url);
    expect(await tryToWin(first, address)).toEqual({ reserve: 200, claim: 201 });

    const copied = await admin.post("/api/admin/events/1/copy/", { name: "Day 2", keep_addresses: true });
    expect(copied.status).toBe(201);
    const copy = (await copied.json()) as EventAnswer;
    expect(copy).toMatchObject({ status: "draft", product_pages: 1, prizes: 1, winners: 0 });

    // The copy's page has the source's address; its prize is at full stock.
    const pages = (await (await admin.get(`/api/products/?event=${copy.id}`)).json()) as { results: { id: number; url_path: string }[] };
    expect(pages.results.map((page) => page.url_path)).toEqual([address]);
    const stock = (await (await admin.get(`/api/prizes/?event=${copy.id}`)).json()) as {
      results: { id: number; remaining_quantity: number; total_quantity: number }[];
    };
    expect(stock.results).toEqual([expect.objectContaining({ remaining_quantity: 5, total_quantity: 5 })]);
    const placed = await admin.post(`/api/prize-distributions/?event=${copy.id}`, {
      prize: stock.results[0]!.id,
      product: pages.results[0]!.id,
      is_active: true,
    });
    expect(placed.status).toBe(201);

    // While the copy is a draft, the address is the source's: its prize was won, nothing waits there.
    const early = await newVisitor(file.url);
    expect((await tryToWin(early, address)).reserve).toBe(409);

    const sourceReceiver = await closedReceiver(1);
    const wentLive = await admin.post(`/api/admin/events/${copy.id}/go_live/`);
    expect(wentLive.status).toBe(200);
    expect(await wentLive.json()).toMatchObject({ status: "live", is_default: true });
    const statuses = Object.fromEntries((await eventsListed()).map((event) => [event.id, event.status]));
    expect(statuses).toMatchObject({ 1: "closed", [copy.id]: "live" });

    const second = await newVisitor(file.url);
    expect(await tryToWin(second, address)).toEqual({ reserve: 200, claim: 201 });
    expect(await winnersOf(copy.id)).toBe(1);
    expect(await winnersOf(1)).toBe(1);
    expect((await admin.post("/api/admin/events/1/close/")).status).toBe(409);
    // The go-live closed event 1: its receivers are told, once.
    expect(await messagesTo(1, sourceReceiver)).toEqual(["event.closed"]);

    // Closing the copy: its winners stay, its receivers are told.
    const copyReceiver = await closedReceiver(copy.id);
    const closed = await admin.post(`/api/admin/events/${copy.id}/close/`);
    expect(closed.status).toBe(200);
    expect(await closed.json()).toMatchObject({ status: "closed", winners: 1 });
    expect(await messagesTo(copy.id, copyReceiver)).toEqual(["event.closed"]);
    expect(await messagesTo(1, sourceReceiver)).toEqual(["event.closed"]);
  });
});

describe("the selected event", () => {
  const select = (client: TestClient, body: unknown) => client.request("PUT", "/api/admin/selected-event/", { json: body });
  const actingEvent = async (client: TestClient) => ((await (await client.get("/api/admin/session/")).json()) as { event: number }).event;

  it("calls that name no event act on the account's selected one; a limited account cannot select another's", async () => {
    const copied = await admin.post("/api/admin/events/1/copy/", { name: "Hall B", keep_addresses: false });
    const hallB = (await copied.json()) as EventAnswer;
    const selected = await select(admin, { event: hallB.id });
    expect(selected.status).toBe(200);
    expect(await selected.json()).toMatchObject({ id: hallB.id, name: "Hall B" });
    expect(await actingEvent(admin)).toBe(hallB.id);
    // The copy's page has a new address: the list without ?event is the copy's, not event 1's.
    const pages = (await (await admin.get("/api/products/")).json()) as { results: { name: string; url_path: string }[] };
    expect(pages.results).toEqual([expect.objectContaining({ name: "Coffee stand" })]);
    expect(pages.results[0]!.url_path).not.toBe(address);

    expect(await (await select(admin, { event: "Hall B" })).json()).toEqual({ event: ["Give an event's id: a whole number from 1."] });
    expect(await (await select(admin, {})).json()).toEqual({ event: [expect.any(String)] });
    const stray = await select(admin, { event: hallB.id, name: "Hall C" });
    expect(stray.status).toBe(400);
    expect(await stray.json()).toEqual({ non_field_errors: [expect.stringContaining("name")] });
    expect((await select(admin, { event: 2147483000 })).status).toBe(404);
    expect(await actingEvent(admin)).toBe(hallB.id);

    const hallC = (await (await admin.post("/api/admin/events/", { name: "Hall C" })).json()) as EventAnswer;
    const viewer = await createAccount(admin, "viewer", "limited-viewer");
    await file.withDatabase((db) =>
      db
        .update(admins)
        .set({ eventIds: [1, hallB.id] })
        .where(eq(admins.id, viewer.id)),
    );
    const limited = await signedInClient(file.url, viewer);
    expect((await select(limited, { event: hallB.id })).status).toBe(200);
    const refused = await select(limited, { event: hallC.id });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ detail: "This account cannot act on that event." });
    expect(await actingEvent(limited)).toBe(hallB.id);

    expect((await select(admin, { event: 1 })).status).toBe(200);
    expect(await actingEvent(admin)).toBe(1);
  });
});
