import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findPrometheus, type LocalDeployment, startLocalDeployment } from "../../scripts/local-deployment";
import { freePort, TEST_LANES } from "../support/app-server";
import { signedInClient, TestClient } from "../support/http-client";
import { createProduct } from "../support/products";
import { rawRequest } from "../support/raw-http";
import { createFreshPostgresDatabase, postgresReachable, setDatabaseOpen, tempDir } from "../support/test-database";
import { newVisitor, tryToWin } from "../support/visitor";
import { createPrizeViaApi } from "../support/winners";

const ADMIN = { name: "organiser", password: "correct-horse-battery" };
const root = path.resolve(import.meta.dirname, "../..");
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

/** The recipe's alert rules with every `for:` shortened to 2 s: a test cannot wait out 30 s or 5 min. */
function fastAlertRules(dir: string): string {
  const file = path.join(dir, "prometheus-alerts-fast.yml");
  writeFileSync(file, readFileSync(path.join(root, "deploy/prometheus-alerts.yml"), "utf8").replace(/^(\s+for:) \S+$/gm, "$1 2s"));
  return file;
}

/** Waits until `check` returns a value (not undefined), asking every 250 ms, for at most `ms`. */
async function eventually<T>(what: string, check: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what}: not within ${ms / 1000} s${last ? ` (${last instanceof Error ? last.message : String(last)})` : ""}`);
}

type PrometheusSeries = { metric: Record<string, string>; value: [number, string] };

/**
 * The production recipe (deploy/nginx.conf.template): nginx in front of two instances on one Postgres,
 * started by the same code as `npm run deploy:local`, then stormed; Prometheus (Debian's, installed by
 * scripts/ensure-prometheus.sh) scrapes both instances every second with the recipe's alert rules. The
 * instances reach Postgres directly, as in production. The database going away is their database refusing
 * connections (setDatabaseOpen), without stopping the machine's Postgres that other checkouts use. (Through a
 * TCP proxy in this test's process, whose event loop also runs the storm's 200 visitors, the instances' queries
 * were held up on a starved machine: the app's outage watch heard nothing for 1.6 s and took Postgres for lost.)
 */
const postgresAnswers = await postgresReachable();
if (!postgresAnswers) console.log("Deployment test: no Postgres at 127.0.0.1:5432 (TEST_POSTGRES_URL), so nothing to deploy on: not run.");

/**
 * The instances as at an event, serving for a while before the crowd comes: their visitors' Postgres connections
 * open (concurrent health checks, each a `select 1` on that pool, until every one answers). A connection made in
 * the storm itself can take over 2 s to open on a starved 2-core machine running the rest of the suite; the app
 * then answers 503 (db/index.ts, CONNECT_TIMEOUT_SECONDS), which a visitor's page waits out and retries.
 * The storm proves the race; the database going away has its own test below.
 */
async function openPools(instanceUrls: string[], poolSize = 10) {
  for (const url of instanceUrls) {
    await eventually(
      `${url}: ${poolSize} health checks at once all answered`,
      async () => {
        const statuses = await Promise.all(
          Array.from({ length: poolSize }, () => fetch(`${url}/api/health/`).then((response) => response.status)),
        );
        return statuses.every((status) => status === 200) ? true : undefined;
      },
      60_000,
    );
  }
}

describe.runIf(postgresAnswers)("nginx in front of two instances on one Postgres", () => {
  let deployment: LocalDeployment;
  let dropDatabase: () => Promise<void>;
  let databaseUrl: string;
  let admin: TestClient;
  let workDir: string;
  /** Winners the storm made (the first test): what Prometheus must count. */
  let stormWinners = 0;

  async function query(expression: string): Promise<PrometheusSeries[]> {
    const response = await fetch(`${deployment.prometheus!.url}/api/v1/query?query=${encodeURIComponent(expression)}`);
    const body = await response.json();
    if (body.status !== "success") throw new Error(`${expression}: ${JSON.stringify(body)}`);
    return body.data.result;
  }

  beforeAll(async () => {
    const database = await createFreshPostgresDatabase("deploy");
    dropDatabase = database.drop;
    databaseUrl = database.url;
    workDir = tempDir("deploy");
    deployment = await startLocalDeployment({
      databaseUrl,
      instances: 2,
      port: await freePort(),
      instancePorts: [await freePort(), await freePort()],
      workDir,
      // The storms prove the races, not the shedding (tests/support/app-server.ts, TEST_LANES).
      env: { ADMIN_NAME: ADMIN.name, ADMIN_PASSWORD: ADMIN.password, APP_TIMEZONE: "Asia/Seoul", ...TEST_LANES },
      output: "keep",
      prometheus: { port: await freePort(), scrapeInterval: "1s", rulesFile: fastAlertRules(workDir), required: true },
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

    await openPools(deployment.instanceUrls);
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
    stormWinners = outcomes.filter(({ claim }) => claim === 201).length;

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

  it("serves each plain visitor their own language, whatever an odd request put in nginx's cache just before", async () => {
    const product = await createProduct(admin, { name: "Language stand" });
    const page = `${deployment.url}/p/${product.url_path as string}`;
    const english = { "accept-language": "en-US,en;q=0.9" };
    const korean = { "accept-language": "ko-KR,ko;q=0.9" };
    // Each of these once made nginx key a page by one language while the app wrote it in the other.
    const odd: Record<string, string>[] = [
      { "accept-language": "en,ko;q=2" },
      { ...english, cookie: "NEXT_LOCALE=%6Bo" },
      { ...english, cookie: "NEXT_LOCALE=en; NEXT_LOCALE=ko" },
      { ...english, cookie: "next_locale=ko" },
      { "accept-language": "en;q=0.1, ko" },
    ];
    for (const headers of odd) {
      await (await fetch(page, { headers })).arrayBuffer();
      expect(await (await fetch(page, { headers: english })).text(), JSON.stringify(headers)).toContain('<html lang="en"');
      expect(await (await fetch(page, { headers: korean })).text(), JSON.stringify(headers)).toContain('<html lang="ko"');
    }
  });

  it("answers first visits from nginx's cache (same bytes, no Set-Cookie) and counts each view's scan once, whoever answered", async () => {
    const product = await createProduct(admin, { name: "Shared stand" });
    const urlPath = product.url_path as string;
    const VIEWS = 6;
    // Six phones' first visits, one after another within a second: the first reaches an instance, the
    // others are nginx's copy. Each then makes the page's first state call, which counts the view.
    const bodies: Buffer[] = [];
    for (let view = 0; view < VIEWS; view += 1) {
      const page = await fetch(`${deployment.url}/p/${urlPath}`, { headers: { "accept-language": "ko-KR,ko;q=0.9,en;q=0.8" } });
      expect(page.status).toBe(200);
      expect(page.headers.getSetCookie()).toEqual([]);
      bodies.push(Buffer.from(await page.arrayBuffer()));
    }
    for (const body of bodies) expect(body.equals(bodies[0]!)).toBe(true);
    expect(bodies[0]!.toString("utf8")).toContain('<html lang="ko"');
    for (let view = 0; view < VIEWS; view += 1) {
      const phone = new TestClient(deployment.url);
      expect((await phone.get(`/api/p/${urlPath}/prize/?view=1`)).status).toBe(200);
      expect(phone.cookies.get("csrftoken")).toMatch(/^[0-9a-f]{64}$/);
      expect(phone.cookies.get("visitor_id")).toBeTruthy();
      // A later poll counts nothing.
      expect((await phone.get(`/api/p/${urlPath}/prize/`)).status).toBe(200);
    }
    // nginx's log says who answered the page: at least one instance (MISS) and at least one cache HIT.
    const cacheStatuses = await eventually("the page's answers in nginx's access log", async () => {
      const statuses = readFileSync(deployment.accessLog, "utf8")
        .split("\n")
        .filter((line) => line.includes(`"GET /p/${urlPath} `))
        .map((line) => line.trim().split(" ").at(-1));
      return statuses.length === VIEWS ? statuses : undefined;
    });
    expect(cacheStatuses).toContain("MISS");
    expect(cacheStatuses).toContain("HIT");
    // The funnel (flushed every 5 s on each instance): one scan per view, none for the page's HTML itself.
    const scans = await eventually("the views' scans in the funnel", async () => {
      const funnel = await (await admin.get(`/api/admin/funnel/?product=${product.id}`)).json();
      return funnel.totals.scans === VIEWS ? funnel.totals.scans : undefined;
    });
    expect(scans).toBe(VIEWS);
    // And nothing more arrives with a later flush.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect((await (await admin.get(`/api/admin/funnel/?product=${product.id}`)).json()).totals.scans).toBe(VIEWS);
  }, 60_000);

  it("keeps /metrics off the public address: nginx answers 404 even with the token", async () => {
    const authorization = `Bearer ${deployment.metricsToken}`;
    for (const target of ["/metrics", "/metrics?x=1", "/%6Detrics"]) {
      expect((await rawRequest(deployment.url, { method: "GET", path: target, headers: { authorization } })).status, target).toBe(404);
    }
    // The instance itself serves it to Prometheus (which scrapes it directly).
    expect((await fetch(`${deployment.instanceUrls[0]}/metrics`, { headers: { authorization } })).status).toBe(200);
  });

  it("promtool accepts the recipe's Prometheus config and alert rules, and the deployment's own config", () => {
    const tools = findPrometheus();
    expect(tools, "prometheus and promtool (scripts/ensure-prometheus.sh)").not.toBeNull();
    const promtool = (...args: string[]) => execFileSync(tools!.promtool, args, { encoding: "utf8", stdio: "pipe" });
    expect(promtool("check", "rules", path.join(root, "deploy/prometheus-alerts.yml"))).toMatch(/SUCCESS: 5 rules found/);
    // The recipe as an operator installs it: beside its rules, with the token file it names in place.
    const recipe = path.join(workDir, "recipe");
    mkdirSync(recipe, { recursive: true });
    copyFileSync(path.join(root, "deploy/prometheus-alerts.yml"), path.join(recipe, "prometheus-alerts.yml"));
    writeFileSync(path.join(recipe, "token"), deployment.metricsToken);
    const config = readFileSync(path.join(root, "deploy/prometheus.yml"), "utf8");
    expect(config).toContain("credentials_file: /etc/prometheus/prize-giveaway-metrics-token");
    writeFileSync(
      path.join(recipe, "prometheus.yml"),
      config.replace("/etc/prometheus/prize-giveaway-metrics-token", path.join(recipe, "token")),
    );
    expect(promtool("check", "config", path.join(recipe, "prometheus.yml"))).toMatch(/SUCCESS/);
    expect(promtool("check", "config", deployment.prometheus!.configFile)).toMatch(/SUCCESS/);
  });

  it("Prometheus: the wins summed over both instances are the storm's winners", async () => {
    expect(stormWinners).toBe(UNITS);
    await eventually("both instances scraped", async () =>
      (await query('count(up{job="prize-giveaway"} == 1)'))[0]?.value[1] === "2" ? true : undefined,
    );
    const wins = await eventually("sum(prize_wins_total) = the storm's winners", async () => {
      const value = Number((await query("sum(prize_wins_total)"))[0]?.value[1]);
      return value === stormWinners ? value : undefined;
    });
    expect(wins).toBe(UNITS);
    // Both instances report; each counted only its own.
    const perInstance = await query("prize_wins_total");
    expect(perInstance).toHaveLength(2);
  });

  it("every query of the Grafana dashboard returns data", async () => {
    const dashboard = JSON.parse(readFileSync(path.join(root, "deploy/grafana-dashboard.json"), "utf8"));
    const expressions: string[] = dashboard.panels.flatMap((panel: { targets: { expr: string }[] }) =>
      panel.targets.map((target) => target.expr),
    );
    expect(expressions.length).toBeGreaterThan(15);
    // Grafana's own variables: the rate window (at least four scrape intervals, here 1 s), the period shown.
    const asGrafanaSends = (expression: string) => expression.replaceAll("$__rate_interval", "1m").replaceAll("$__range", "1h");
    const empty: string[] = [];
    for (const expression of expressions) if ((await query(asGrafanaSends(expression))).length === 0) empty.push(expression);
    expect(empty).toEqual([]);
    // Gauges read from the database are the same on every instance: the dashboard takes max, never sum.
    for (const expression of expressions.filter((text) => /prize_(remaining_units|live_holds)/.test(text))) {
      expect(expression).toMatch(/^max/);
    }
  });

  it("with the database gone, PrizeDatabaseDown fires; with it back, prize_db_up is 1 again", async () => {
    await setDatabaseOpen(databaseUrl, false);
    try {
      const firing = await eventually("PrizeDatabaseDown firing", async () => {
        const response = await (await fetch(`${deployment.prometheus!.url}/api/v1/alerts`)).json();
        const alerts = (response.data.alerts as { labels: Record<string, string>; state: string }[]).filter(
          (alert) => alert.labels.alertname === "PrizeDatabaseDown" && alert.state === "firing",
        );
        return alerts.length === 2 ? alerts : undefined;
      });
      expect(firing.map((alert) => alert.labels.severity)).toEqual(["critical", "critical"]);
    } finally {
      await setDatabaseOpen(databaseUrl, true);
    }
    await eventually("the database back on every instance", async () =>
      (await query("min(prize_db_up)"))[0]?.value[1] === "1" ? true : undefined,
    );
  });
});
