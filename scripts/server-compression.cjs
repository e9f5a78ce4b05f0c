// Response compression for the production server (copied beside server.js by copy-standalone-assets.mjs).
// Next.js's own (`compress`) is switched off in next.config.ts and done here instead, with the same
// middleware Next.js uses, plus one thing it cannot do: a cached page (the product page's copies, which a
// crowd on one stand asks for many times a second) is compressed once and its compressed bytes kept, not
// gzipped again for every scan. Gzipping the 76 KB page was most of the page's cost. And a small JSON
// answer is sent as it is (holdSmallJson).
const zlib = require("node:zlib");
// The middleware Next.js itself compresses with, and its fix for a zlib stream left open when a client
// goes away (next/dist/server/lib/router-server.js). Both ship in the standalone output.
const compression = require("next/dist/compiled/compression");
const { releaseCompressionStream } = require("next/dist/server/lib/release-compression-stream");

/**
 * The middleware's own threshold (its default): an answer known to be smaller goes out as it is. Smaller
 * pages are not kept either, and a JSON answer is held until it is known to be smaller or not.
 */
const MIN_BYTES = 1024;
/**
 * Room for kept pages, least recently used first out. A product page is ~76 KB of HTML and ~19 KB
 * gzipped; an event's stands, three prize states each, fit many times over.
 */
const MAX_KEPT_BYTES = 64 * 1024 * 1024;

const compressStreaming = compression();

/**
 * Cached pages by their address, each with the HTML it was made from and that HTML gzipped. A page is
 * sent from its kept copy only when Next.js hands over that very HTML again (compared whole, which for
 * the same string in Next.js's cache costs nothing): no hash of the page on every scan.
 */
class CompressedBodies {
  constructor(maxBytes) {
    this.maxBytes = maxBytes;
    this.bytes = 0;
    this.entries = new Map();
  }

  /** The kept gzip of `source` (a string with its encoding, or a Buffer) at `key`, if it is that page. */
  get(key, source, encoding) {
    const entry = this.entries.get(key);
    if (!entry || entry.encoding !== encoding) return undefined;
    const same = typeof source === "string" ? entry.source === source : Buffer.isBuffer(entry.source) && entry.source.equals(source);
    if (!same) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.compressed;
  }

  set(key, source, encoding, compressed) {
    // A string counted at two bytes a character, as V8 keeps any page with a "★" or "…" in it.
    const size = (typeof source === "string" ? source.length * 2 : source.length) + compressed.length;
    const replaced = this.entries.get(key);
    if (replaced) {
      this.bytes -= replaced.size;
      this.entries.delete(key);
    }
    if (size > this.maxBytes) return;
    this.entries.set(key, { source, encoding, compressed, size });
    this.bytes += size;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.size;
    }
  }
}

const kept = new CompressedBodies(MAX_KEPT_BYTES);

/** Whether the client takes gzip: `gzip` listed with a quality above 0, or else `*` with one. */
function acceptsGzip(header) {
  if (typeof header !== "string") return false;
  const qualities = new Map();
  for (const part of header.split(",")) {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    const quality = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    qualities.set(coding.trim(), quality === undefined ? 1 : Number(quality.slice(2)));
  }
  const gzip = qualities.get("gzip") ?? qualities.get("*");
  return gzip !== undefined && gzip > 0;
}

/**
 * Whether a page may be compressed once and kept: a 200 HTML answer to a GET that Next.js serves from its
 * cache (X-Nextjs-Cache; streamed and per-visitor pages are not) and sends whole, for a client that takes
 * gzip, not already encoded and not marked no-transform.
 */
function keepsCompressed(request, response) {
  if (request.method !== "GET" || response.statusCode !== 200) return false;
  if (!response.getHeader("x-nextjs-cache") || response.getHeader("content-encoding")) return false;
  if (!/^text\/html\b/i.test(String(response.getHeader("content-type") ?? ""))) return false;
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(String(response.getHeader("cache-control") ?? ""))) return false;
  return acceptsGzip(request.headers["accept-encoding"]);
}

/**
 * Compresses `response` as Next.js would; a whole cached page goes out from the kept compressed copy, and a
 * small JSON answer as it is. The middleware wraps `write` and `end` first, the kept copies wrap `end` on
 * top (a kept copy arrives at the middleware already marked gzip, and it passes it through: "already
 * encoded"), and the JSON hold wraps all three on top of that (a held answer reaches both whole).
 */
function compressResponse(request, response) {
  compressStreaming(request, response, () => {});
  response.once("close", () => {
    if (!response.writableFinished) releaseCompressionStream(response);
  });
  sendKeptCopies(request, response);
  holdSmallJson(request, response);
}

function sendKeptCopies(request, response) {
  const end = response.end;
  response.end = function endFromKeptCopy(chunk, encoding, callback) {
    if (chunk && typeof chunk !== "function" && chunk.length >= MIN_BYTES && !this.headersSent && keepsCompressed(request, this)) {
      const charset = typeof chunk === "string" ? (typeof encoding === "string" ? encoding : "utf8") : null;
      const source = charset ? chunk : toBuffer(chunk);
      // The cached page's own address: a visitor's /p/{path} is rewritten to the copy for the page's state.
      // Never the query string: any number of `?x` would each be gzipped and kept, pushing the pages out.
      const key = String(this.getHeader("x-middleware-rewrite") ?? (request.url ?? "/").split("?")[0]);
      let compressed = kept.get(key, source, charset);
      if (!compressed) {
        const body = charset ? Buffer.from(source, charset) : source;
        // A copy: zlib's output can be a slice of a larger buffer, which would be kept whole.
        compressed = Buffer.from(zlib.gzipSync(body, { level: zlib.constants.Z_BEST_COMPRESSION }));
        kept.set(key, source, charset, compressed);
      }
      this.setHeader("Content-Encoding", "gzip");
      this.setHeader("Content-Length", compressed.length);
      return end.call(this, compressed, typeof encoding === "function" ? encoding : callback);
    }
    return end.call(this, chunk, encoding, callback);
  };
}

/**
 * Next.js sends a route handler's answer as a stream: headers first (flushHeaders), then each chunk, then
 * end(). The middleware decides at the headers, before it knows the length, so every `{"detail": ...}`
 * was gzipped: a zlib stream set up and flushed for each API answer (about a tenth of its server time),
 * coming out larger than it went in. So a JSON answer's headers and first bytes are held until end() or
 * MIN_BYTES: a small one then goes out whole, with its Content-Length and uncompressed; a larger one
 * streams and is compressed as before. HTML is never held: a streamed page's skeleton must go at once.
 */
function holdSmallJson(request, response) {
  const { flushHeaders, write, end } = response;
  let held = null;
  let heldBytes = 0;
  /** Headers, then the held chunks: from here the middleware streams (and compresses) as before. */
  const release = () => {
    const chunks = held;
    held = null;
    flushHeaders.call(response);
    let flowing = true;
    for (const chunk of chunks) flowing = write.call(response, chunk);
    return flowing;
  };
  response.flushHeaders = function holdJsonHeaders() {
    if (held === null && !this.headersSent && request.method !== "HEAD" && isJson(this)) {
      held = [];
      return;
    }
    if (held === null) flushHeaders.call(this);
  };
  response.write = function holdJsonChunk(chunk, encoding, callback) {
    if (held === null || typeof chunk === "function" || chunk == null) return write.call(this, chunk, encoding, callback);
    const bytes = toBuffer(chunk, encoding);
    held.push(bytes);
    heldBytes += bytes.length;
    // Released, the writes' own answer tells Next.js's writer whether to wait for 'drain'.
    const flowing = heldBytes >= MIN_BYTES ? release() : true;
    const done = typeof encoding === "function" ? encoding : callback;
    if (done) process.nextTick(done);
    return flowing;
  };
  response.end = function endHeldJson(chunk, encoding, callback) {
    if (held === null) return end.call(this, chunk, encoding, callback);
    const done = typeof chunk === "function" ? chunk : typeof encoding === "function" ? encoding : callback;
    if (chunk != null && typeof chunk !== "function") held.push(toBuffer(chunk, encoding));
    const body = Buffer.concat(held);
    held = null;
    // Known small now: with its length set, the middleware sends it as it is.
    if (!this.headersSent && this.statusCode !== 204 && this.statusCode !== 304) this.setHeader("Content-Length", body.length);
    return end.call(this, body, done);
  };
}

const isJson = (response) => /^application\/json\s*(?:;|$)/i.test(String(response.getHeader("content-type") ?? ""));

/** A chunk as the bytes it stands for, without copying them (Next.js writes Uint8Arrays). */
function toBuffer(chunk, encoding) {
  if (typeof chunk === "string") return Buffer.from(chunk, typeof encoding === "string" ? encoding : "utf8");
  return Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
}

module.exports = { compressResponse, acceptsGzip, CompressedBodies };
