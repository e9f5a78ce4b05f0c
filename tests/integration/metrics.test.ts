import { describe, expect, inject, it, onTestFinished } from "vitest";
import type { PlacementPage } from "@/shared/contracts/placements";
import { signedInClient, type TestClient } from "../support/http-client";
import { parseMetrics, type Sample, total } from "../support/metrics-text";
import { createProduct } from "../support/products";
import { rawRequest } from "../support/raw-http";
import { setMaintenanceMode } from "../support/settings";
import { claimPath, newVisitor } from "../support/visitor";
import { createPrizeViaApi } from "../support/winners";
import { TEST_ADMIN, TEST_METRICS_TOKEN } from "./global-setup";

const baseUrl = inject("baseUrl");

async function scrape(authorization = `Bearer ${TEST_METRICS_TOKEN}`): Promise<Sample[]> {
  const response = await fetch(`${baseUrl}/metrics`, { headers: { authorization } });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseMetrics(await response.text());
}

/**
 * Scrapes until `ready` holds (the database gauges' read is shared by scrapes within half a second), for 10 s
 * at most; the last scrape either way.
 */
async function scrapeUntil(ready: (samples: Sample[]) => boolean): Promise<Sample[]> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const samples = await scrape();
    if (ready(samples) || Date.now() > deadline) return samples;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The placements a visitor holds right now, as the organiser's placement list reads them from the database
 * (is_reserved: live, with a hold not yet run out), and whether `placementId` is among them. Active
 * placements come first, so the pages stop at the first inactive one.
 */
async function heldInDatabase(admin: TestClient, placementId: number): Promise<{ held: number; includes: boolean }> {
  let held = 0;
  let includes = false;
  for (let page = 1; ; page += 1) {
    const list = (await (await admin.get(`/api/prize-distributions/?page_size=1000&page=${page}`)).json()) as PlacementPage;
    for (const row of list.results.filter((placement) => placement.is_reserved)) {
      held += 1;
      includes ||= row.id === placementId;
    }
    if (list.results.length < 1000 || list.results.some((placement) => !placement.is_active)) return { held, includes };
  }
}

/** The app's own series (prom-client's process metrics come and go with the runtime's resources). */
const appSeries = (samples: Sample[]) =>
  new Set(samples.filter((sample) => sample.name.startsWith("prize_")).map((sample) => `${sample.name}${JSON.stringify(sample.labels)}`));

/** Each instance's metrics for Prometheus, behind METRICS_TOKEN (server-behaviour.md, "Metrics"). */
describe("GET /metrics", () => {
  it("is a 404, like any unknown address, without the token, with a wrong one, or another scheme or method", async () => {
    const unknown = await fetch(`${baseUrl}/no-such-address`);
    const refused: Record<string, string>[] = [
      {},
      { authorization: "Bearer wrong-token-0123456789" },
      { authorization: `Basic ${TEST_METRICS_TOKEN}` },
    ];
    for (const headers of refused) {
      const response = await fetch(`${baseUrl}/metrics`, { headers });
      expect(response.status).toBe(404);
      const body = await response.text();
      expect(body).not.toContain("prize_");
      expect(response.headers.get("content-type")).toBe(unknown.headers.get("content-type"));
    }
    const posted = await rawRequest(baseUrl, {
      method: "POST",
      path: "/metrics",
      headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` },
    });
    expect(posted.status).toBe(404);
  });

  it("with the token, names every metric of the design, in Prometheus's text format", async () => {
    await fetch(`${baseUrl}/api/ping/`);
    const names = new Set((await scrape()).map((sample) => sample.name));
    for (const name of [
      "prize_http_request_duration_seconds_bucket",
      "prize_http_request_duration_seconds_count",
      "prize_wins_total",
      "prize_handovers_total",
      "prize_expired_total",
      "prize_shed_total",
      "prize_live_holds",
      "prize_display_clients",
      "prize_db_up",
      "prize_db_errors_total",
      "process_cpu_seconds_total",
      "process_resident_memory_bytes",
      "nodejs_eventloop_lag_p99_seconds",
    ]) {
      expect(names, name).toContain(name);
    }
  });

  it("counts a hold, a refusal, a win and a hand-over exactly, and reads the stock and live holds from the database", async () => {
    const admin = await signedInClient(baseUrl, TEST_ADMIN);
    // In maintenance mode (left on by an earlier file: the files share this server) the new prize would be
    // placed at once on a free page, and the placement below refused: off for this test, as it was after.
    const maintenanceBefore = await setMaintenanceMode(admin, false);
    onTestFinished(() => setMaintenanceMode(admin, maintenanceBefore).then(() => undefined));
    const prize = await createPrizeViaApi(admin, { name: `Metrics prize ${Date.now()}`, total: 3 });
    const product = await createProduct(admin, { name: `Metrics stand ${Date.now()}` });
    const placed = await admin.post("/api/prize-distributions/", { prize: prize.id, product: product.id, is_active: true });
    const placedText = await placed.text();
    expect(placed.status, placedText).toBe(201);
    const before = await scrapeUntil((samples) => total(samples, "prize_remaining_units", { prize_id: String(prize.id) }) === 3);
    expect(total(before, "prize_remaining_units", { prize_id: String(prize.id), prize: prize.name })).toBe(3);
    expect(total(before, "prize_db_up")).toBe(1);

    const winner = await newVisitor(baseUrl);
    expect((await winner.post(claimPath(product.url_path))).status).toBe(200);
    const late = await newVisitor(baseUrl);
    expect((await late.post(claimPath(product.url_path))).status).toBe(409);
    // The gauge is the database's count of live holds, this one among them: held to the count the placement
    // list reads (holds other files left on this shared server run out meanwhile, so both are read again
    // until they agree).
    const placementId = (JSON.parse(placedText) as { id: number }).id;
    await expect
      .poll(
        async () => {
          const shown = total(await scrape(), "prize_live_holds");
          return { shown, ...(await heldInDatabase(admin, placementId)) };
        },
        { interval: 200, timeout: 10_000 },
      )
      .toSatisfy(({ shown, held, includes }) => includes && shown === held);

    const claim = await winner.post(claimPath(product.url_path), { name: "Metric", password: "2580" });
    expect(claim.status).toBe(201);
    // The same claim again (a lost answer retried) is the same win, not a second one.
    expect((await winner.post(claimPath(product.url_path), { name: "Metric", password: "2580" })).status).toBe(201);
    const winners = await (await admin.get(`/api/winners/?prize=${prize.id}`)).json();
    expect((await admin.post(`/api/winners/${winners.results[0].id}/mark_received/`)).status).toBe(200);
    const after = await scrapeUntil((samples) => total(samples, "prize_remaining_units", { prize_id: String(prize.id) }) === 2);

    const delta = (name: string, labels: Record<string, string> = {}) => total(after, name, labels) - total(before, name, labels);
    // Each in its page's event's series (this server's pages are event 1's, the default).
    const event = { event: "1" };
    expect(delta("prize_holds_total", { result: "granted", reason: "new_hold", ...event })).toBe(1);
    expect(delta("prize_holds_total", { result: "refused", reason: "taken", ...event })).toBe(1);
    expect(delta("prize_wins_total", event)).toBe(1);
    expect(delta("prize_handovers_total", event)).toBe(1);
    expect(total(after, "prize_remaining_units", { prize_id: String(prize.id), ...event })).toBe(2);
    const perEvent = ["prize_holds_total", "prize_wins_total", "prize_handovers_total", "prize_expired_total", "prize_live_holds"];
    expect(after.filter((sample) => perEvent.includes(sample.name) && !sample.labels.event)).toEqual([]);
    // The claim route's answers are in the histogram under its template, never the product's address.
    const claims = after.filter(
      (sample) => sample.name === "prize_http_request_duration_seconds_count" && sample.labels.route === "/api/p/[urlPath]/prize/claim",
    );
    expect(claims.map((sample) => `${sample.labels.method} ${sample.labels.status}`)).toEqual(
      expect.arrayContaining(["POST 200", "POST 201", "POST 409"]),
    );
    expect(after.some((sample) => Object.values(sample.labels).some((value) => value.includes(product.url_path)))).toBe(false);
  });

  it("2,000 unknown addresses make no new series (bounded labels)", async () => {
    // Product addresses above all (the scanned ones: pages and their state call), and addresses no route has.
    // One in ten goes all the way through Next.js (200, each of the four kinds 50 times: a label made of the
    // address would add a series at the first); the others carry an escape that is not UTF-8, which server.mjs
    // answers 404 itself at a fraction of the cost: the label is made from the address the same way whoever
    // answers.
    const kinds = [
      (n: number) => `/p/unknown${n}x`,
      (n: number) => `/api/p/unknown${n}x/prize/`,
      (n: number) => `/no-such-page-${n}`,
      (n: number) => `/api/no-such-route-${n}/`,
    ];
    const address = (n: number) => {
      const kind = kinds[n % kinds.length]!;
      // n = 0, 1, 2, 3 of every 40: one in ten, each of the four kinds in turn.
      const throughNext = n % 40 < kinds.length;
      return throughNext ? kind(n) : kind(n).replace("unknown", "%FFunknown").replace("no-such", "%FFno-such");
    };
    // Each kind once first: its series (route template or "other", with its status) exist before counting; and
    // a real product page answered 200, the status an unknown page's skeleton has when its read is slow.
    for (let n = 0; n < 20; n += 1) await fetch(`${baseUrl}${address(n)}`).then((response) => response.arrayBuffer());
    const admin = await signedInClient(baseUrl, TEST_ADMIN);
    const real = await createProduct(admin, { name: `Metrics real page ${Date.now()}` });
    expect((await fetch(`${baseUrl}/p/${real.url_path}`)).status).toBe(200);
    // The scrape's own series (route /metrics) exists from the first scrape on: this test may be the file's first.
    await scrape();
    const before = appSeries(await scrape());
    const addresses = Array.from({ length: 2_000 }, (_, n) => address(n + 20));
    let next = 0;
    const statuses = new Set<number>();
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < addresses.length) {
          const response = await fetch(`${baseUrl}${addresses[next++]}`);
          await response.arrayBuffer();
          statuses.add(response.status);
        }
      }),
    );
    // 404, or (a page whose read was slow under this load) its skeleton streamed with 200 before the 404 screen.
    expect([...statuses].filter((status) => status !== 404 && status !== 200)).toEqual([]);
    const after = appSeries(await scrape());
    expect([...after].filter((series) => !before.has(series))).toEqual([]);
    expect(after.size).toBe(before.size);
    console.log(`Series of the app's metrics: ${before.size} before 2,000 unknown addresses, ${after.size} after.`);
  }, 600_000);
});
