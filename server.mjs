// @ts-check
// The production server (`npm start`): Next.js's documented custom server API
// (https://nextjs.org/docs/app/guides/custom-server) behind a plain Node HTTP server that does the jobs a
// reverse proxy does in the production recipe (deploy/nginx.conf), so that the one-machine mode without nginx
// is just as safe:
//   - refuses what names nothing before Next.js sees it: an unknown HTTP method (405 with Allow) and a path
//     whose %-escapes are not UTF-8 (404); Next.js would answer both with a 500;
//   - the organiser's lane (server/lane.mjs): a bounded number of visitor requests at once, the rest shed with
//     503 and Retry-After before any app work, claims and let-gos never shed, admin requests first;
//   - appends the connection's address to X-Forwarded-For, as every proxy does, so the last entry is the
//     real peer whatever the client wrote (lib/api/client-address.ts);
//   - compresses answers (the `compression` middleware, which Next.js itself bundles), product pages once
//     per version (server/page-copies.mjs), and answers the build's static files itself, each read and
//     compressed once (server/static-copies.mjs);
//   - hands GET /metrics to the app's metrics (lib/metrics/registry.ts), which answer it with the bearer token;
//   - stops cleanly on SIGTERM or Ctrl+C: no new connections, requests in flight get up to 8 s, then the app
//     closes the database and the process exits 0.
// Nothing here reaches into Next.js: it gets each request through `getRequestHandler()`, and that is all. It
// and the app meet on Node's diagnostics channels (server/channels.mjs). Type-checked with the rest (tsconfig).
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import compression from "compression";
import next from "next";
import { answer, answerBusy, answerRefusedBody, readServerWords } from "./server/answers.mjs";
import { channel, closeTheApp, METRICS_REQUEST, SERVER_ENTRY, SHED, STOPPING } from "./server/channels.mjs";
import { ConfigError, getConfig } from "./server/config.mjs";
import { parseCookies, SessionCheck, sessionCookie, verifiedVisitorId } from "./server/credentials.mjs";
import { FORGED, isClaimPath, isFreePath, isVerifiedUpload, Lanes, laneOf, pathOf } from "./server/lane.mjs";
import { AppResponse, PageCopies, pageEncoding } from "./server/page-copies.mjs";
import { CLAIM_MAX_BODY_BYTES, DEFAULT_MAX_BODY_BYTES, declaredTooLarge, readWholeBody, replayWithBody } from "./server/request-body.mjs";
import { StaticCopies } from "./server/static-copies.mjs";

/** @typedef {import("node:http").IncomingMessage} Request */
/** @typedef {import("./server/page-copies.mjs").AppResponse} Response */

const root = path.dirname(fileURLToPath(import.meta.url));
// The migrations (drizzle/) and .env are found from the app's folder, wherever the server was started from.
process.chdir(root);
if (existsSync(path.join(root, ".env"))) process.loadEnvFile(path.join(root, ".env"));
if (!existsSync(path.join(root, ".next/BUILD_ID"))) {
  console.error("No production build found. Run `npm run build` first.");
  process.exit(1);
}
// @ts-expect-error NODE_ENV is typed read-only (next's types); the production server sets it before Next.js loads.
process.env.NODE_ENV = "production";
/** @type {Record<symbol, unknown>} */ (/** @type {unknown} */ (globalThis))[SERVER_ENTRY] = true;
/** @type {import("./server/config.mjs").AppConfig} */
let config;
try {
  // Parsed here, once, for the server and the app alike (the app finds the same parse: server/config.mjs).
  config = getConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(`\n✖ ${error.message}\n`);
  process.exit(1);
}
const { port, hostname } = config;

/** Methods some route answers; anything else (TRACE, PROPFIND, ...) is refused before Next.js. */
const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
/**
 * How long requests in flight may run on after a stop signal before their connections are cut: inside the
 * 10 s that `docker stop` (and most orchestrators) wait before SIGKILL, with room to close the database.
 */
const DRAIN_MS = 8_000;
/** A request's headers must arrive within this long of its first byte; a body within BODY_DEADLINE_MS of them. */
const HEADERS_DEADLINE_MS = 10_000;
const BODY_DEADLINE_MS = 10_000;
/** An organiser's upload (a picture, a spreadsheet) streams to the app: Node's own limit on the whole request. */
const UPLOAD_DEADLINE_MS = 120_000;
/**
 * Connections the kernel completes before the server accepts them. A crowd arrives at once: with Node's
 * default of 511, the connections beyond it had their SYN dropped and retried 1, 3 and 7 s later, and on a busy
 * machine a storm of 1,000 phones saw connect timeouts. The kernel caps it at net.core.somaxconn (4096 here).
 */
const LISTEN_BACKLOG = 4096;
/** The compressed product pages kept in memory (server/page-copies.mjs). */
const MAX_KEPT_BYTES = 64 * 1024 * 1024;

const lanes = new Lanes(config.lanes);
const sessions = new SessionCheck(config.authSecret);
const words = readServerWords(root);
const shed = channel(SHED);
const metricsRequest = channel(METRICS_REQUEST);

/**
 * The visitor's calls answer in a few hundred bytes of JSON, which gzip makes larger and costs a zlib
 * stream for (about a tenth of such a call's time): they go out as they are. Everything else (pages,
 * scripts, admin lists) is compressed when larger than the middleware's threshold.
 */
const SMALL_JSON_PATHS = /^\/api\/(p\/|ping\/?|health\/?)/;
/** An event stream goes out as each event is written: compressing it would hold events in zlib's buffer. */
const EVENT_STREAM_PATHS = /^\/api\/display\/[^/]+\/events/;
const compress = compression({
  filter: (request, response) =>
    !SMALL_JSON_PATHS.test(request.url || "") && !EVENT_STREAM_PATHS.test(request.url || "") && compression.filter(request, response),
});
const pageCopies = new PageCopies(MAX_KEPT_BYTES);
const staticCopies = new StaticCopies(path.join(root, ".next/static"));

/**
 * Compression for this answer: a GET of a product page from a client that takes br or gzip is answered from
 * the kept copies when it is one whole page (a page streamed in parts then goes out uncompressed:
 * server/page-copies.mjs says why); anything else goes through the middleware.
 * @param {Request} request
 * @param {Response} response
 */
function compressAnswer(request, response) {
  const encoding =
    request.method === "GET" && (request.url || "").startsWith("/p/") ? pageEncoding(request.headers["accept-encoding"]) : null;
  if (encoding) response.keepCopy({ copies: pageCopies, path: (request.url || "/").split("?")[0] || "/", encoding, otherwise: () => {} });
  else compress(request, response, () => {});
}

/** @param {string | undefined} url */
function pathDecodes(url) {
  try {
    decodeURIComponent((url || "/").split("?")[0] ?? "/");
    return true;
  } catch {
    return false;
  }
}

const app = next({ dev: false, dir: root, port });
const handle = app.getRequestHandler();
await app.prepare();

/**
 * A request let in by its lane: on to Next.js (`request` may be a replay of the original with its body read,
 * server/request-body.mjs). `release` frees its place when the answer ends (or the connection does); a big
 * screen's stream frees it once its head is out, as it then lasts hours.
 * @param {Request} request
 * @param {Response} response
 * @param {() => void} release
 */
function handleAdmitted(request, response, release) {
  response.once("close", release);
  if (EVENT_STREAM_PATHS.test(request.url || "")) response.onHead(release);
  const peer = request.socket.remoteAddress || "unknown";
  const forwarded = request.headers["x-forwarded-for"];
  request.headers["x-forwarded-for"] = forwarded ? `${forwarded}, ${peer}` : peer;
  compressAnswer(request, response);
  handle(request, response);
}

/**
 * Asks the request's lane for a place, and hands it on once it has one, or answers 503 when shed.
 * @param {Request} request
 * @param {Response} response
 * @param {import("./server/lane.mjs").RequestFacts} facts
 */
function admitAndHandle(request, response, facts) {
  const admission = lanes.admit(laneOf(facts), facts);
  if (admission instanceof Promise) {
    admission.then((admitted) => {
      if (!admitted.admitted) return;
      // Gone while it waited: its place goes to the next in the queue.
      if (request.socket.destroyed) admitted.release();
      else handleAdmitted(request, response, admitted.release);
    });
    return;
  }
  if (!admission.admitted) {
    if (shed.hasSubscribers) shed.publish({});
    refuse(request, response, admission);
    return;
  }
  handleAdmitted(request, response, admission.release);
}

/** Refusals held before they are answered (server/lane.mjs): at most this many at once, the rest answered now. */
const MAX_HELD_REFUSALS = 2_000;
let heldRefusals = 0;

/**
 * A 503 with Retry-After, at once or (a request that proved nothing) after the lane's hold.
 * @param {Request} request
 * @param {Response} response
 * @param {{ retryAfterSeconds: number, answerAfterMs?: number }} refusal
 */
function refuse(request, response, { retryAfterSeconds, answerAfterMs }) {
  if (!answerAfterMs || heldRefusals >= MAX_HELD_REFUSALS) {
    answerBusy(request, response, retryAfterSeconds, words);
    return;
  }
  heldRefusals += 1;
  setTimeout(() => {
    heldRefusals -= 1;
    if (!request.socket.destroyed) answerBusy(request, response, retryAfterSeconds, words);
  }, answerAfterMs);
}

/**
 * What the cookies prove, the body read whole (within its deadline and size), then the lane. An organiser's
 * upload is the exception: the app reads it as it streams, and refuses one from its declared size.
 * @param {Request} request
 * @param {Response} response
 */
async function admitByCredentials(request, response) {
  const method = request.method || "GET";
  const path = pathOf(request.url);
  const cookies = parseCookies(request.headers.cookie);
  const cookie = sessionCookie(cookies);
  const session = cookie ? ((await sessions.verify(cookie)) ?? FORGED) : undefined;
  const visitorId = verifiedVisitorId(config.authSecret, cookies);
  if (isVerifiedUpload(method, path, session)) {
    admitAndHandle(request, response, { method, path, session, visitorId, bodyBytes: 0 });
    return;
  }
  const maxBytes = isClaimPath(path) ? CLAIM_MAX_BODY_BYTES : DEFAULT_MAX_BODY_BYTES;
  if (declaredTooLarge(request, maxBytes)) {
    answerRefusedBody(request, response, 413, words);
    return;
  }
  const body = await readWholeBody(request, { maxBytes, deadlineMs: BODY_DEADLINE_MS });
  if (body.kind === "too_large" || body.kind === "too_slow") {
    answerRefusedBody(request, response, body.kind === "too_large" ? 413 : 408, words);
    return;
  }
  if (body.kind === "gone") {
    console.log(`A client hung up while sending ${method} ${path.slice(0, 200)}: nothing was done.`);
    request.socket.destroy();
    return;
  }
  const bodyBytes = body.kind === "read" ? body.body.length : 0;
  const admitted = body.kind === "read" ? replayWithBody(request, body.body) : request;
  admitAndHandle(admitted, response, { method, path, session, visitorId, bodyBytes });
}

const server = createServer({ ServerResponse: AppResponse, connectionsCheckingInterval: 1_000 }, (request, response) => {
  if (!ALLOWED_METHODS.includes(request.method || "")) {
    answer(request, response, 405, "Method not allowed.", { allow: ALLOWED_METHODS.join(", ") });
    return;
  }
  if (!pathDecodes(request.url)) {
    answer(request, response, 404, "Not found.");
    return;
  }
  // Exactly /metrics, as written (never a decoded or look-alike path): the nginx recipe refuses that path.
  // Without METRICS_TOKEN, or without its bearer token, it is the same 404 as any unknown address.
  if (request.url === "/metrics" || request.url?.startsWith("/metrics?")) {
    /** @type {import("./server/channels.mjs").MetricsRequest} */
    const asked = { request, response, answered: false };
    metricsRequest.publish(asked);
    if (!asked.answered) answer(request, response, 404, "Not found.");
    return;
  }
  // The build's scripts and styles: from memory, before the lanes (they cost no app work to bound).
  if (staticCopies.answer(request, response)) return;
  const path = pathOf(request.url);
  if (isFreePath(path) && (request.method === "GET" || request.method === "HEAD")) {
    handleAdmitted(request, response, () => {});
    return;
  }
  admitByCredentials(request, response).catch((error) => {
    console.error("While admitting a request:", error instanceof Error ? error.message : error);
    if (!response.headersSent) answer(request, response, 500, "Server error.");
  });
});
server.keepAliveTimeout = config.keepAliveTimeoutMs;
// Counted from a request's first byte, not from the kept-alive connection's idle time before it (Node checks
// every connectionsCheckingInterval): a client that trickles its headers gets 408 and its socket back.
server.headersTimeout = HEADERS_DEADLINE_MS;
// Bodies other than uploads have their own, shorter deadline (admitByCredentials); this bounds an upload.
server.requestTimeout = UPLOAD_DEADLINE_MS;
server.listen({ port, host: hostname, backlog: LISTEN_BACKLOG });

let stopping = false;
/** @param {string} signal */
async function stop(signal) {
  if (stopping) {
    console.error(`${signal} again: stopping now.`);
    process.exit(1);
  }
  stopping = true;
  console.log(`${signal}: finishing requests in flight (${DRAIN_MS / 1000} s at most), then stopping.`);
  const drained = new Promise((resolve) => server.close(resolve));
  server.closeIdleConnections();
  try {
    channel(STOPPING).publish({});
  } catch (error) {
    console.error("While stopping:", error instanceof Error ? error.message : error);
  }
  // A connection whose last answer ends during the drain (an event stream just ended) is closed as soon as
  // it is idle, not when its keep-alive runs out.
  const idle = setInterval(() => server.closeIdleConnections(), 100);
  const cut = setTimeout(() => server.closeAllConnections(), DRAIN_MS);
  await drained;
  clearInterval(idle);
  clearTimeout(cut);
  await closeTheApp();
  console.log("Stopped.");
  process.exit(0);
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
