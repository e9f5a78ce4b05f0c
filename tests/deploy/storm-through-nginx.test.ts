import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type LocalDeployment, startLocalDeployment } from "../../scripts/local-deployment";
import { freePort } from "../support/app-server";
import { signedInClient, type TestClient } from "../support/http-client";
import { createProduct } from "../support/products";
import { rawRequest } from "../support/raw-http";
import { createFreshPostgresDatabase, postgresReachable, tempDir } from "../support/test-database";
import { newVisitor, tryToWin } from "../support/visitor";
import { createPrizeViaApi } from "../support/winners";

const ADMIN = { name: "organiser", password: "correct-horse-battery" };
const UNITS = 10;
const VISITORS = 200;

/** A wrong sign-in from a real source address (127.0.0.x): what nginx sees as the visitor's address. */
async function signInFrom(baseUrl: string, sourceAddress: string, headers: Record<string, string> = {}): Promise<number> {
  const body = JSON.stringify({ name: `guess-${Math.random().toString(36).slice(2)}`, password: "wrong-password" });
  const csrf = "0".repeat(64);
  const response = await rawRequest(baseUrl, {
    method: "POST",
    path: "/api/admin/login/",
    localAddress: sourceAddress,
    headers: { "content-type": "application/json", cookie: `csrftoken=${csrf}`, "x-csrftoken": csrf, ...headers },
    body,
  });
  return response.status;
}

/**
 * The production recipe (deploy/nginx.conf.template): nginx in front of two instances on one Postgres,
 * started by the same code as `npm run deploy:local`, then stormed.
 */
const postgresAnswers = await postgresReachable();
if (!postgresAnswers) console.log("Deployment test: no Postgres at 127.0.0.1:5432 (TEST_POSTGRES_URL), so nothing to deploy on: not run.");

describe.runIf(postgresAnswers)("nginx in front of two instances on one Postgres", () => {
  let deployment: LocalDeployment;
  let dropDatabase: () => Promise<void>;
  let admin: TestClient;

  beforeAll(async () => {
    const database = await createFreshPostgresDatabase("deploy");
    dropDatabase = database.drop;
    deployment = await startLocalDeployment({
      databaseUrl: database.url,
      instances: 2,
      port: await freePort(),
      instancePorts: [await freePort(), await freePort()],
      workDir: tempDir("deploy"),
      env: { ADMIN_NAME: ADMIN.name, ADMIN_PASSWORD: ADMIN.password, APP_TIMEZONE: "Asia/Seoul" },
      output: "keep",
    });
    admin = await signedInClient(deployment.url, ADMIN);
  }, 180_000);

  afterAll(async () => {
    await deployment?.stop();
    await dropDatabase?.();
  }, 60_000);

  it(`${VISITORS} visitors storming ${UNITS} units: exactly one winner per unit, no 5xx, both instances served`, async () => {
    const prize = await createPrizeViaApi(admin, { total: UNITS, daily: UNITS, maintenance: UNITS });
    const pages: string[] = [];
    for (let index = 0; index < UNITS; index += 1) {
      const product = await createProduct(admin, { name: `Stand ${index + 1}` });
      expect((await admin.post("/api/prize-distributions/", { prize: prize.id, product: product.id, is_active: true })).status).toBe(201);
      pages.push(product.url_path);
    }

    const visitorsPages = pages.flatMap((page) => Array.from({ length: VISITORS / UNITS }, () => page));
    const outcomes = await Promise.all(
      visitorsPages.map(async (page) => {
        const visitor = await newVisitor(deployment.url);
        const scan = await visitor.get(`/p/${page}`);
        return { scan: scan.status, ...(await tryToWin(visitor, page)) };
      }),
    );
    const statuses = outcomes.flatMap(({ scan, reserve, claim }) => [scan, reserve, ...(claim === null ? [] : [claim])]);
    const counts = Object.fromEntries([...new Set(statuses)].map((status) => [status, statuses.filter((seen) => seen === status).length]));
    console.log(`Storm through nginx: ${VISITORS} visitors, statuses ${JSON.stringify(counts)}`);
    if (statuses.some((status) => status >= 500)) console.log(deployment.output().slice(-3000));
    expect(statuses.filter((status) => status >= 500)).toEqual([]);
    expect(outcomes.filter(({ claim }) => claim === 201)).toHaveLength(UNITS);

    const winners = await (await admin.get(`/api/winners/?prize=${prize.id}&page_size=1000`)).json();
    expect(winners.count).toBe(UNITS);
    const prizeNow = await (await admin.get(`/api/prizes/${prize.id}/`)).json();
    expect(prizeNow.remaining_quantity).toBe(0);

    // nginx's access log names the instance that answered each request (flushed every second).
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const served = new Set(
      readFileSync(deployment.accessLog, "utf8")
        .split("\n")
        .filter((line) => line.includes("/prize/claim/"))
        .map((line) => line.split(" ").at(-2)),
    );
    const instances = deployment.instanceUrls.map((url) => new URL(url).host);
    for (const instance of instances) expect(served).toContain(instance);
  }, 120_000);

  it("the sign-in throttle counts the visitor's address (as nginx saw it), not nginx's, and ignores a forged one", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 25 && !statuses.includes(429); attempt += 1)
      statuses.push(await signInFrom(deployment.url, "127.0.0.2"));
    expect(statuses.at(-1)).toBe(429);
    // A forged X-Forwarded-For from the same visitor changes nothing: nginx appends the real address.
    expect(await signInFrom(deployment.url, "127.0.0.2", { "x-forwarded-for": "198.51.100.7" })).toBe(429);
    // Another visitor behind the same nginx is not throttled by the first one's failures.
    expect(await signInFrom(deployment.url, "127.0.0.3")).toBe(400);
  }, 60_000);

  it("compresses pages in nginx and answers TRACE 405 and a bad UTF-8 path 404 through it", async () => {
    const login = await fetch(`${deployment.url}/admin/login`, { headers: { "accept-encoding": "gzip" } });
    expect(login.status).toBe(200);
    expect(login.headers.get("content-encoding")).toBe("gzip");
    expect((await rawRequest(deployment.url, { method: "TRACE", path: "/api/health/" })).status).toBe(405);
    expect((await rawRequest(deployment.url, { method: "GET", path: "/p/%ED%A0%80" })).status).toBe(404);
  });
});
