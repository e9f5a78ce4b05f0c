import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { events, settings } from "@/db/schema";
import type { ImportAnswer } from "@/shared/contracts/import";
import { type FileServer, serverForFile } from "../support/file-server";
import { signedInClient, type TestClient } from "../support/http-client";
import { importForm, prizeRows, productRows, workbook } from "../support/import-files";
import { createProduct, type ProductJson } from "../support/products";
import { TEST_ADMIN } from "./global-setup";

/**
 * Product pages, prizes and the spreadsheet import act on one event (server-behaviour.md, "Several events"):
 * the event `?event=` names on any admin URL. Event A is the installation's default, B a second live event
 * made for this file.
 */

const token = `ec${Date.now().toString(36)}`;
let server: FileServer;
let admin: TestClient;
let eventA: number;
let eventB: number;

beforeAll(async () => {
  server = await serverForFile("events-catalogue");
  ({ eventA, eventB } = await server.withDatabase(async (db) => {
    const [defaultEvent] = await db.select({ id: events.id }).from(events).where(eq(events.isDefault, true));
    const [second] = await db
      .insert(events)
      .values({ name: `B ${token}`, status: "live" })
      .returning({ id: events.id });
    await db.insert(settings).values({ id: second!.id });
    return { eventA: defaultEvent!.id, eventB: second!.id };
  }));
  admin = await signedInClient(server.url, TEST_ADMIN);
});

afterAll(async () => {
  // On Postgres the run's other files share this database: event B goes, and its rows with it (cascade).
  // On PGlite the database was this file's own.
  if (server?.backend === "postgres") await server.withDatabase((db) => db.delete(events).where(eq(events.id, eventB)));
  await server?.stop();
});

const inEvent = (path: string, event: number) => `${path}${path.includes("?") ? "&" : "?"}event=${event}`;

// Switched off: an active prize would be placed on pages by the server's own tick meanwhile.
const prizeFields = {
  description: "Golf umbrella",
  total_quantity: "10",
  daily_distribution: "2",
  maintenance_count: "1",
  is_active: "false",
};

async function created(response: Response): Promise<{ id: number; name: string }> {
  expect(response.status).toBe(201);
  return (await response.json()) as { id: number; name: string };
}

const createPage = async (event: number, name: string) =>
  created(await admin.form("POST", inEvent("/api/admin/create-product/", event), { name }));

const createPrize = async (event: number, name: string) =>
  created(await admin.form("POST", inEvent("/api/prizes/", event), { ...prizeFields, name }));

/** The names a list shows in `event` among this file's rows (each name carries the token). */
async function listed(list: "/api/products/" | "/api/prizes/", event: number): Promise<{ count: number; names: string[] }> {
  const response = await admin.get(inEvent(`${list}?search=${token}&page_size=100`, event));
  expect(response.status).toBe(200);
  const page = (await response.json()) as { count: number; results: { name: string }[] };
  return { count: page.count, names: page.results.map((row) => row.name).sort() };
}

describe("product pages and prizes in two events", () => {
  it("lists each event's pages and prizes in that event only, and creates with ?event= in the event named", async () => {
    await createPage(eventA, `Page A ${token}`);
    await createPage(eventB, `Page B ${token}`);
    await createPrize(eventA, `Prize A ${token}`);
    await createPrize(eventB, `Prize B ${token}`);

    expect(await listed("/api/products/", eventA)).toEqual({ count: 1, names: [`Page A ${token}`] });
    expect(await listed("/api/products/", eventB)).toEqual({ count: 1, names: [`Page B ${token}`] });
    expect(await listed("/api/prizes/", eventA)).toEqual({ count: 1, names: [`Prize A ${token}`] });
    expect(await listed("/api/prizes/", eventB)).toEqual({ count: 1, names: [`Prize B ${token}`] });
  });

  it("answers 404 for another event's page or prize, as for an unknown id, and changes nothing", async () => {
    const page = await createPage(eventB, `Guarded page ${token}`);
    const prize = await createPrize(eventB, `Guarded prize ${token}`);
    const pageBefore = await (await admin.get(inEvent(`/api/products/${page.id}/`, eventB))).json();
    const prizeBefore = await (await admin.get(inEvent(`/api/prizes/${prize.id}/`, eventB))).json();
    const unknownId = 2_000_000_000;

    const callsOn = (productId: number, prizeId: number) => [
      () => admin.get(inEvent(`/api/products/${productId}/`, eventA)),
      () => admin.form("PUT", inEvent(`/api/products/${productId}/`, eventA), { name: `Renamed ${token}` }),
      () => admin.delete(inEvent(`/api/products/${productId}/?force=true`, eventA)),
      () => admin.get(inEvent(`/api/products/${productId}/qr/`, eventA)),
      () => admin.get(inEvent(`/api/prizes/${prizeId}/`, eventA)),
      () =>
        admin.form("PUT", inEvent(`/api/prizes/${prizeId}/`, eventA), {
          ...prizeFields,
          name: `Renamed ${token}`,
          remaining_quantity: "10",
        }),
      () => admin.delete(inEvent(`/api/prizes/${prizeId}/`, eventA)),
      () => admin.get(inEvent(`/api/prizes/${prizeId}/winners/`, eventA)),
      () => admin.post(inEvent(`/api/prizes/${prizeId}/reset_daily/`, eventA)),
    ];
    const answers = async (calls: (() => Promise<Response>)[]) => {
      const said: { status: number; body: unknown }[] = [];
      for (const call of calls) {
        const response = await call();
        said.push({ status: response.status, body: await response.json() });
      }
      return said;
    };
    const forOtherEvent = await answers(callsOn(page.id, prize.id));
    expect(forOtherEvent.map((answer) => answer.status)).toEqual(forOtherEvent.map(() => 404));
    expect(forOtherEvent).toEqual(await answers(callsOn(unknownId, unknownId)));

    const selected = await admin.post(inEvent("/api/products/delete_selected/", eventA), { product_ids: [page.id], force: true });
    expect(await selected.json()).toEqual({ deleted_count: 0 });

    expect(await (await admin.get(inEvent(`/api/products/${page.id}/`, eventB))).json()).toEqual(pageBefore);
    expect(await (await admin.get(inEvent(`/api/prizes/${prize.id}/`, eventB))).json()).toEqual(prizeBefore);
  });

  it("imports the same spreadsheet into each event: keys are matched within the event", async () => {
    const file = workbook({
      product_pages: productRows(2, { prefix: `${token}-stand`, pictures: false }),
      prizes: prizeRows(2, { prefix: `${token}-gift`, pictures: false, active: false }),
    });
    const importInto = async (event: number) => {
      const response = await admin.form("POST", inEvent("/api/admin/import/", event), importForm(file, "stands.xlsx"));
      expect(response.status).toBe(200);
      return (await response.json()) as ImportAnswer;
    };
    const createdBoth = { product_pages: { created: 2, updated: 0, unchanged: 0 }, prizes: { created: 2, updated: 0, unchanged: 0 } };
    const intoA = await importInto(eventA);
    expect(intoA).toMatchObject(createdBoth);
    const intoB = await importInto(eventB);
    expect(intoB).toMatchObject(createdBoth);
    // Again into B: its own rows now match the keys.
    expect(await importInto(eventB)).toMatchObject({
      product_pages: { created: 0, updated: 0, unchanged: 2 },
      prizes: { created: 0, updated: 0, unchanged: 2 },
    });

    const pagesOf = async (ids: number[], event: number) =>
      Promise.all(ids.map(async (id) => (await admin.get(inEvent(`/api/products/${id}/`, event))).status));
    expect(await pagesOf(intoB.product_ids, eventB)).toEqual([200, 200]);
    expect(await pagesOf(intoB.product_ids, eventA)).toEqual([404, 404]);
    expect(intoB.product_ids.filter((id) => intoA.product_ids.includes(id))).toEqual([]);
    const namesInB = await Promise.all(
      intoB.product_ids.map(async (id) => ((await (await admin.get(inEvent(`/api/products/${id}/`, eventB))).json()) as ProductJson).name),
    );
    expect(namesInB.sort()).toEqual(["Stand 1", "Stand 2"]);
  });
});

describe("an admin's preview of a draft's page", () => {
  it("shows the draft's page at a kept address to an admin only, never cached, while scans get the live page", async () => {
    const page = await createProduct(admin, { name: `Live stand ${token}` });
    const copied = await admin.post(`/api/admin/events/${eventA}/copy/`, { name: `Next ${token}`, keep_addresses: true });
    expect(copied.status).toBe(201);
    const draft = ((await copied.json()) as { id: number }).id;
    const pages = (await (await admin.get(inEvent("/api/products/?page_size=100", draft))).json()) as {
      results: { id: number; url_path: string }[];
    };
    const draftPage = pages.results.find((row) => row.url_path === page.url_path)!;
    const renamed = await admin.form("PUT", inEvent(`/api/products/${draftPage.id}/`, draft), { name: `Draft stand ${token}` });
    expect(renamed.status).toBe(200);

    const preview = await admin.get(`/p/${page.url_path}?event=${draft}`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get("cache-control") ?? "").toMatch(/no-store|private/);
    const html = await preview.text();
    expect(html).toContain(`Draft stand ${token}`);
    expect(html).not.toContain(`Live stand ${token}`);

    // A visitor scanning the address gets the live event's page; asking for the draft's is no page for them.
    const scanned = await fetch(`${server.url}/p/${page.url_path}`);
    expect(await scanned.text()).toContain(`Live stand ${token}`);
    expect((await fetch(`${server.url}/p/${page.url_path}?event=${draft}`)).status).toBe(404);
    expect((await admin.delete(`/api/admin/events/${draft}/`)).status).toBe(204);
  });
});
