import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import { isDatabaseUnavailable, isRetryableTransactionError } from "@/db/errors";
import { METRICS_REQUEST, type MetricsRequest, SHED, subscribe } from "@/server/channels.mjs";
import type { RESERVE_REFUSAL_CODES } from "@/shared/contracts/claims";
import { OTHER_ROUTE, routeTemplateOf } from "./route-templates";

/**
 * The instance's Prometheus metrics (server-behaviour.md, "Metrics"), served at GET /metrics by server.mjs.
 *
 * ONE registry per process, shared by server.mjs and the app's bundles. server.mjs is plain Node and cannot
 * import the app's TypeScript, and Next.js loads this module once per bundle (instrumentation, every route
 * handler's chunk), each with a module scope of its own: a module-level registry would be several
 * registries, and the scrape would see only one bundle's counts. So the metrics live on globalThis under a
 * Symbol.for key (as the database handle does: lib/database.ts), made by whichever bundle asks first; the
 * others get the same objects. server.mjs and the app meet on diagnostics channels (startMetrics): the
 * server never imports the app, and the app never patches the server.
 * Outside the production server (unit tests, `next dev`) the counters still count; `next dev` times its
 * requests too (Node's own channels), and only /metrics, which server.mjs hands over, is not answered.
 */

/** Why a tap on the ticket was refused: the reserve's own codes, no page, or the early tap with no visitor id. */
export type HoldRefusalReason = (typeof RESERVE_REFUSAL_CODES)[number] | "no_page" | "no_visitor_cookie";
/** A hold given: a new one, or the visitor's own live hold asked for again (its end unchanged). */
export type HoldGrantReason = "new_hold" | "same_hold";

/**
 * What the database-read gauges show, read once per scrape (db/queries/metrics.ts): every event's id (its
 * series exist from the first scrape, at 0), its live holds, and each active prize's units left.
 */
export type DatabaseSnapshot = {
  events: number[];
  liveHolds: { event: number; holds: number }[];
  prizes: { id: number; name: string; event: number; remaining: number }[];
};

/**
 * Request time buckets (seconds): prom-client's defaults around the product page's few milliseconds, with
 * 1 s (the p99 alert's bound) and 2.5 s (the outage watch's answer within ~2 s) as edges.
 */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/**
 * How long the database-read gauges wait for their read; no answer by then is `prize_db_up 0` for that scrape.
 * Within the scrape's own timeout (Prometheus sends it as X-Prometheus-Scrape-Timeout-Seconds), less a
 * quarter second to answer in, between 0.5 and 3 s; 2 s for a scrape that does not say.
 */
export function databaseReadTimeoutMs(scrapeTimeoutHeader: string | string[] | undefined): number {
  const seconds = Number(Array.isArray(scrapeTimeoutHeader) ? scrapeTimeoutHeader[0] : scrapeTimeoutHeader);
  if (!scrapeTimeoutHeader || !Number.isFinite(seconds) || seconds <= 0) return 2000;
  return Math.min(3000, Math.max(500, seconds * 1000 - 250));
}
/** Scrapes within this long of a read share it (two Prometheus servers, or a person reloading /metrics). */
const SHARED_READ_MS = 500;
/** The methods server.mjs lets through; anything else is labelled "other" (no label value from a client). */
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** The big screen's event stream lasts hours: its length is no response time (prize_display_clients counts them). */
const EVENT_STREAM_ROUTE = "/api/display/[token]/events";

type Readers = { database?: () => Promise<DatabaseSnapshot>; displayClients?: () => number };

class Metrics {
  readonly registry = new Registry();
  readonly readers: Readers = {};
  /** Subscribed to the server's channels (startMetrics, once per process). */
  started = false;
  private sharedRead: { at: number; value: Promise<DatabaseSnapshot | null> } | null = null;
  /** The scrape under way's read timeout (answer() sets it before collecting). */
  readTimeoutMs = 2000;
  /** Histogram children by "route method status": labels are hashed once per series, not per request. */
  private readonly durationSeries = new Map<string, { observe(value: number): void }>();

  /** A counter without labels, in this registry: the instance's events that are only counted. */
  private counter(name: string, help: string): Counter {
    return new Counter({ name, help, registers: [this.registry] });
  }

  /**
   * A counter per event (`event` label: bounded by the installation's events). Each event's series is there
   * from the first scrape, at 0, so `increase()` sees the first count too.
   */
  private eventCounter(name: string, help: string): Counter<"event"> {
    const metrics = this;
    return new Counter({
      name,
      help,
      labelNames: ["event"] as const,
      registers: [this.registry],
      async collect() {
        for (const event of (await metrics.snapshot())?.events ?? []) this.inc({ event: String(event) }, 0);
      },
    });
  }

  readonly requestDuration = new Histogram({
    name: "prize_http_request_duration_seconds",
    help: "Time from a request's arrival to the last byte of its answer, by route template (never the raw address), method and status.",
    labelNames: ["route", "method", "status"] as const,
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });
  readonly holds = new Counter({
    name: "prize_holds_total",
    help: "Taps on a ticket, by the page's event: result granted (reason new_hold or same_hold) or refused (reason: why).",
    labelNames: ["result", "reason", "event"] as const,
    registers: [this.registry],
  });
  readonly wins = this.eventCounter("prize_wins_total", "Prizes won on this instance (claims that made a winner), by event.");
  readonly handovers = this.eventCounter(
    "prize_handovers_total",
    "Prizes handed over at the desk (winners marked received) on this instance, by event.",
  );
  readonly expired = this.eventCounter(
    "prize_expired_total",
    "Wins that expired uncollected, counted by the instance that expired them, by event.",
  );
  readonly shed = this.counter(
    "prize_shed_total",
    "Visitor requests turned away on purpose (503 while the instance sheds load); not errors.",
  );
  readonly databaseErrors = this.counter(
    "prize_db_errors_total",
    "Queries and transactions that failed because the database was unreachable, timed out or gave up.",
  );

  constructor() {
    const metrics = this;
    new Gauge({
      name: "prize_display_clients",
      help: "Big screens connected to this instance (open event streams).",
      registers: [this.registry],
      collect() {
        this.set(metrics.readers.displayClients?.() ?? 0);
      },
    });
    new Gauge({
      name: "prize_db_up",
      help: "1 when this instance read the database for this scrape within the scrape's time, else 0.",
      registers: [this.registry],
      async collect() {
        this.set((await metrics.snapshot()) ? 1 : 0);
      },
    });
    new Gauge({
      name: "prize_live_holds",
      help: "Tickets held right now, not yet claimed, by event (read from the database: the same on every instance; take max, not sum).",
      labelNames: ["event"] as const,
      registers: [this.registry],
      async collect() {
        const snapshot = await metrics.snapshot();
        // No read: no value (the series goes stale), rather than a 0 that looks like a quiet event.
        this.reset();
        if (!snapshot) return;
        for (const event of snapshot.events) this.set({ event: String(event) }, 0);
        for (const held of snapshot.liveHolds) this.set({ event: String(held.event) }, held.holds);
      },
    });
    new Gauge({
      name: "prize_remaining_units",
      help: "Units left of each active prize (read from the database: the same on every instance; take max by prize_id, not sum).",
      labelNames: ["prize_id", "prize", "event"] as const,
      registers: [this.registry],
      async collect() {
        const snapshot = await metrics.snapshot();
        // Reset first: a prize deleted or switched off leaves no series behind.
        this.reset();
        for (const prize of snapshot?.prizes ?? [])
          this.set({ prize_id: String(prize.id), prize: prize.name, event: String(prize.event) }, prize.remaining);
      },
    });
    collectDefaultMetrics({ register: this.registry });
  }

  /** The database's gauges for this scrape: one read shared by the three gauges (and close scrapes); null if none. */
  snapshot(): Promise<DatabaseSnapshot | null> {
    const read = this.readers.database;
    if (!read) return Promise.resolve(null);
    const now = performance.now();
    if (this.sharedRead && now - this.sharedRead.at < SHARED_READ_MS) return this.sharedRead.value;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), this.readTimeoutMs);
    });
    const value = Promise.race([read().catch(() => null), late]).finally(() => clearTimeout(timer));
    this.sharedRead = { at: now, value };
    return value;
  }

  observeRequest(request: IncomingMessage, response: ServerResponse): void {
    const started = performance.now();
    response.once("finish", () => {
      // Worked out once the answer is sent: nothing of this is on the request's way.
      const route = routeTemplateOf(request.url ?? "/");
      if (route === EVENT_STREAM_ROUTE) return;
      const method = METHODS.has(request.method ?? "") ? request.method! : OTHER_ROUTE;
      const key = `${route} ${method} ${response.statusCode}`;
      let series = this.durationSeries.get(key);
      if (!series) {
        series = this.requestDuration.labels({ route, method, status: String(response.statusCode) });
        this.durationSeries.set(key, series);
      }
      series.observe((performance.now() - started) / 1000);
    });
  }
}

const METRICS_KEY = Symbol.for("prize-giveaway.metrics");
type WithMetrics = typeof globalThis & { [METRICS_KEY]?: Metrics };

/** The process's metrics, made on first use by whichever bundle asks first. */
export function metrics(): Metrics {
  const holder = globalThis as WithMetrics;
  holder[METRICS_KEY] ??= new Metrics();
  return holder[METRICS_KEY];
}

/** A tap given a hold on a page of event `event` (the claim route). */
export function countHoldGranted(reason: HoldGrantReason, event: number): void {
  metrics().holds.inc({ result: "granted", reason, event: String(event) });
}

/**
 * A tap refused, with the reserve's code (a bounded set: the caller passes only those), on a page of event
 * `event`; a tap on no page counts in the default event's series, so unknown addresses add none.
 */
export function countHoldRefused(reason: HoldRefusalReason, event: number): void {
  metrics().holds.inc({ result: "refused", reason, event: String(event) });
}

/** A claim that made a winner in event `event` (not a repeated claim answered with the same win). */
export function countWin(event: number): void {
  metrics().wins.inc({ event: String(event) });
}

/** A winner of event `event` marked received at the prize desk. */
export function countHandover(event: number): void {
  metrics().handovers.inc({ event: String(event) });
}

/**
 * Wins expired uncollected, by event: call it from the expiry job with the events of the rows its UPDATE
 * changed, on the instance that ran it (each instance counts only its own, so the sum over instances is exact).
 */
export function countExpired(events: readonly number[]): void {
  for (const event of events) metrics().expired.inc({ event: String(event) });
}

/**
 * `n` visitor requests turned away on purpose (the 503 with Retry-After of load shedding). They are in the
 * request histogram as 503s too; the 5xx alert subtracts this counter (deploy/prometheus-alerts.yml).
 */
function countShed(n = 1): void {
  if (n > 0) metrics().shed.inc(n);
}

/**
 * A query or transaction failed (db/index.ts calls this for every failure on Postgres): counted when the
 * failure is the database's state (unreachable, timed out, deadlocked), not the app's (a constraint).
 */
export function countDatabaseFailure(error: unknown): void {
  if (isDatabaseUnavailable(error) || isRetryableTransactionError(error)) metrics().databaseErrors.inc();
}

/** The hub reports its connected screens through this when it starts (lib/display/live.ts). */
export function readDisplayClientsWith(read: () => number): void {
  metrics().readers.displayClients = read;
}

const digest = (value: string) => createHash("sha256").update(value).digest();

/** Whether the header is exactly `Bearer <token>`, compared in constant time. */
export function bearerMatches(header: string | undefined, token: string | undefined): boolean {
  if (!token || !header) return false;
  return timingSafeEqual(digest(header), digest(`Bearer ${token}`));
}

/**
 * At start-up (lib/startup.ts): the database read behind the gauges, and, with a METRICS_TOKEN, the requests'
 * timing and the answer to GET /metrics. Every request is timed from Node's own HTTP channels
 * (`http.server.request.start`, https://nodejs.org/api/diagnostics_channel.html), and server.mjs hands
 * GET /metrics over on its channel (server/channels.mjs). Without a token the metrics are off: no request is
 * timed, nobody answers the channel and /metrics is a 404; the counters still count in memory, unread.
 * Shed visitors are counted whatever the token (server.mjs publishes each).
 */
export function startMetrics(options: { readDatabase: () => Promise<DatabaseSnapshot>; token: string | undefined }): void {
  const instance = metrics();
  instance.readers.database = options.readDatabase;
  if (instance.started) return;
  instance.started = true;
  subscribe(SHED, () => countShed());
  const token = options.token;
  if (!token) return;
  subscribe("http.server.request.start", (message) => {
    const { request, response } = message as { request: IncomingMessage; response: ServerResponse };
    instance.observeRequest(request, response);
  });
  subscribe(METRICS_REQUEST, (message) => {
    const asked = message as MetricsRequest;
    const { request, response } = asked;
    if (asked.answered || request.method !== "GET" || !bearerMatches(request.headers.authorization, token)) return;
    asked.answered = true;
    instance.readTimeoutMs = databaseReadTimeoutMs(request.headers["x-prometheus-scrape-timeout-seconds"]);
    instance.registry.metrics().then(
      (body) => {
        response.writeHead(200, { "content-type": instance.registry.contentType, "cache-control": "no-store" });
        response.end(body);
      },
      (error: unknown) => {
        response.writeHead(500, { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" });
        response.end(`Metrics could not be collected: ${error instanceof Error ? error.message : String(error)}\n`);
      },
    );
  });
}
