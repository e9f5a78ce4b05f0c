// The production server (`npm start`): Next.js's documented custom server API
// (https://nextjs.org/docs/app/guides/custom-server) behind a plain Node HTTP server that does the four
// jobs a reverse proxy does in the production recipe (deploy/nginx.conf), so that the one-machine mode
// without nginx is just as safe:
//   - refuses what names nothing before Next.js sees it: an unknown HTTP method (405 with Allow) and a path
//     whose %-escapes are not UTF-8 (404); Next.js would answer both with a 500;
//   - appends the connection's address to X-Forwarded-For, as every proxy does, so the last entry is the
//     real peer whatever the client wrote (lib/api/client-address.ts);
//   - compresses answers (the `compression` middleware, which Next.js itself bundles);
//   - times every request for the metrics and answers GET /metrics to Prometheus (lib/metrics/registry.ts);
//   - stops cleanly on SIGTERM or Ctrl+C: no new connections, requests in flight get up to 10 s, then the
//     database is closed and the process exits 0.
// Nothing here reaches into Next.js: it gets each request through `getRequestHandler()`, and that is all.
import { existsSync } from "node:fs";
import { createServer } from "node:http";
import path from "node:path";
import { fileURLToPath } from "node:url";
import zlib from "node:zlib";
import compression from "compression";
import next from "next";

const root = path.dirname(fileURLToPath(import.meta.url));
// The migrations (drizzle/) and .env are found from the app's folder, wherever the server was started from.
process.chdir(root);
if (existsSync(path.join(root, ".env"))) process.loadEnvFile(path.join(root, ".env"));
if (!existsSync(path.join(root, ".next/BUILD_ID"))) {
  console.error("No production build found. Run `npm run build` first.");
  process.exit(1);
}
process.env.NODE_ENV = "production";
process.env.DATA_DIR = path.resolve(root, process.env.DATA_DIR || "data");
const port = Number(process.env.PORT || 3000);
const hostname = process.env.HOSTNAME || "0.0.0.0";

/** Methods some route answers; anything else (TRACE, PROPFIND, ...) is refused before Next.js. */
const ALLOWED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
/**
 * How long requests in flight may run on after a stop signal before their connections are cut: inside the
 * 10 s that `docker stop` (and most orchestrators) wait before SIGKILL, with room to close the database.
 */
const DRAIN_MS = 8_000;
/**
 * Idle keep-alive connections stay open longer than any client or load balancer keeps them idle (60 s at
 * most): with Node's default of 5 s, a client could reuse a socket the server was closing and get ECONNRESET.
 */
const keepAliveTimeout = Number(process.env.KEEP_ALIVE_TIMEOUT || 65_000);
/** Hooks the app registers (lib/shutdown.ts) to close what it opened: the database, the maintenance tick. */
const SHUTDOWN_HOOKS = Symbol.for("prize-giveaway.shutdown-hooks");
/** And what must end before the drain: the big screen's open event streams (their screens reconnect). */
const STOPPING_HOOKS = Symbol.for("prize-giveaway.stopping-hooks");
/**
 * Where the app puts its metrics' two server hooks (lib/metrics/registry.ts, installed at start-up): time a
 * request into the histogram, and answer GET /metrics with the right bearer token. The registry is the app's,
 * one per process on globalThis; this file only reaches it.
 */
const METRICS_SERVER = Symbol.for("prize-giveaway.metrics-server");

const NOT_FOUND_PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Page not found</title>
<body style="font-family:system-ui,sans-serif;margin:3rem auto;max-width:32rem;padding:0 1rem">
<h1>Page not found</h1><p>This address does not lead anywhere. Scan the QR code at the stand again.</p></body></html>`;

/** Small answers of our own, in the shape the app's own use: JSON under /api, HTML elsewhere. */
function answer(request, response, status, detail, headers = {}) {
  const api = (request.url || "").startsWith("/api/");
  const body = api
    ? JSON.stringify({ detail })
    : status === 404
      ? NOT_FOUND_PAGE
      : `<!doctype html><title>${detail}</title><p>${detail}</p>`;
  response.writeHead(status, {
    "content-type": api ? "application/json" : "text/html; charset=utf-8",
    "content-length": Buffer.byteLength(body),
    "cache-control": "no-store",
    ...headers,
  });
  response.end(request.method === "HEAD" ? undefined : body);
}

function pathDecodes(url) {
  try {
    decodeURIComponent((url || "/").split("?")[0]);
    return true;
  } catch {
    return false;
  }
}

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

/**
 * A product page is the same HTML for every visitor while the page is in one state (Next.js serves it
 * from its cache), and a crowd on one stand asks for it many times a second: compressing its 76 KB on
 * every scan was most of its cost (README, bench:page). So a whole 200 HTML answer to a GET of /p/...
 * is compressed once and the compressed bytes kept, by path; they are used again only while Next.js
 * hands over the very same HTML (compared whole: a changed page is compressed afresh). A page streamed
 * in parts (the skeleton on a slow database) goes through the middleware as usual.
 */
const MAX_KEPT_BYTES = 64 * 1024 * 1024;
const keptPages = new Map();
let keptBytes = 0;

/** The encoding to keep a page in for this client: brotli if offered (browsers do over HTTPS), else gzip. */
function pageEncoding(acceptEncoding) {
  const offered = new Map();
  for (const part of String(acceptEncoding || "").split(",")) {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    const quality = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    offered.set(coding.trim(), quality === undefined ? 1 : Number(quality.slice(2)));
  }
  const takes = (coding) => (offered.get(coding) ?? offered.get("*") ?? 0) > 0;
  return takes("br") ? "br" : takes("gzip") ? "gzip" : null;
}

function compressOnce(html, encoding) {
  return encoding === "br"
    ? zlib.brotliCompressSync(html, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length },
      })
    : zlib.gzipSync(html, { level: zlib.constants.Z_BEST_COMPRESSION });
}

function keptCopy(path, html, encoding) {
  let entry = keptPages.get(path);
  keptPages.delete(path);
  if (!entry?.html.equals(html)) {
    if (entry) keptBytes -= entry.bytes;
    entry = { html, bytes: html.length, copies: {} };
    keptBytes += html.length;
  }
  keptPages.set(path, entry);
  if (!entry.copies[encoding]) {
    entry.copies[encoding] = compressOnce(html, encoding);
    entry.bytes += entry.copies[encoding].length;
    keptBytes += entry.copies[encoding].length;
  }
  // Least recently used out first.
  for (const [oldest, old] of keptPages) {
    if (keptBytes <= MAX_KEPT_BYTES) break;
    keptPages.delete(oldest);
    keptBytes -= old.bytes;
  }
  return entry.copies[encoding];
}

function sendPagesCompressedOnce(request, response) {
  if (request.method !== "GET" || !(request.url || "").startsWith("/p/")) return;
  const encoding = pageEncoding(request.headers["accept-encoding"]);
  if (!encoding) return;
  const end = response.end;
  response.end = function endFromKeptCopy(chunk, chunkEncoding, callback) {
    const whole =
      chunk != null &&
      typeof chunk !== "function" &&
      !this.headersSent &&
      this.statusCode === 200 &&
      !this.getHeader("content-encoding") &&
      /^text\/html\b/i.test(String(this.getHeader("content-type") ?? ""));
    if (!whole) return end.call(this, chunk, chunkEncoding, callback);
    const html =
      typeof chunk === "string" ? Buffer.from(chunk, typeof chunkEncoding === "string" ? chunkEncoding : "utf8") : Buffer.from(chunk);
    const compressed = keptCopy((request.url || "/").split("?")[0], html, encoding);
    this.setHeader("Content-Encoding", encoding);
    this.setHeader("Content-Length", compressed.length);
    const vary = String(this.getHeader("vary") ?? "");
    if (!/\baccept-encoding\b/i.test(vary)) this.setHeader("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
    return end.call(this, compressed, typeof chunkEncoding === "function" ? chunkEncoding : callback);
  };
}

const app = next({ dev: false, dir: root, port });
const handle = app.getRequestHandler();
await app.prepare();

const server = createServer((request, response) => {
  const metrics = globalThis[METRICS_SERVER];
  metrics?.observe(request, response);
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
    if (!metrics?.answer(request, response)) answer(request, response, 404, "Not found.");
    return;
  }
  const peer = request.socket.remoteAddress || "unknown";
  const forwarded = request.headers["x-forwarded-for"];
  request.headers["x-forwarded-for"] = forwarded ? `${forwarded}, ${peer}` : peer;
  // The middleware wraps the response first; a kept page copy goes past it already encoded.
  compress(request, response, () => {
    sendPagesCompressedOnce(request, response);
    handle(request, response);
  });
});
server.keepAliveTimeout = keepAliveTimeout;
// A request's headers must be allowed to arrive on a kept-alive connection for as long as it stays open.
server.headersTimeout = keepAliveTimeout + 1_000;
server.listen(port, hostname);

let stopping = false;
async function stop(signal) {
  if (stopping) {
    console.error(`${signal} again: stopping now.`);
    process.exit(1);
  }
  stopping = true;
  console.log(`${signal}: finishing requests in flight (${DRAIN_MS / 1000} s at most), then stopping.`);
  const drained = new Promise((resolve) => server.close(resolve));
  server.closeIdleConnections();
  for (const hook of globalThis[STOPPING_HOOKS] ?? []) {
    try {
      hook();
    } catch (error) {
      console.error("While stopping:", error instanceof Error ? error.message : error);
    }
  }
  // A connection whose last answer ends during the drain (an event stream just ended) is closed as soon as
  // it is idle, not when its keep-alive runs out.
  const idle = setInterval(() => server.closeIdleConnections(), 100);
  const cut = setTimeout(() => server.closeAllConnections(), DRAIN_MS);
  await drained;
  clearInterval(idle);
  clearTimeout(cut);
  for (const hook of globalThis[SHUTDOWN_HOOKS] ?? []) {
    try {
      await hook();
    } catch (error) {
      console.error("While stopping:", error instanceof Error ? error.message : error);
    }
  }
  console.log("Stopped.");
  process.exit(0);
}
process.on("SIGTERM", () => void stop("SIGTERM"));
process.on("SIGINT", () => void stop("SIGINT"));
