// Response compression for the production server (copied beside server.js by copy-standalone-assets.mjs).
// Next.js's own (`compress`) is switched off in next.config.ts and done here instead, with the same
// middleware Next.js uses, plus one thing it cannot do: a cached page (the product page's copies, which a
// crowd on one stand asks for many times a second) is compressed once and its compressed bytes kept, not
// gzipped again for every scan. Gzipping the 76 KB page was most of the page's cost.
const zlib = require("node:zlib");
// The middleware Next.js itself compresses with, and its fix for a zlib stream left open when a client
// goes away (next/dist/server/lib/router-server.js). Both ship in the standalone output.
const compression = require("next/dist/compiled/compression");
const { releaseCompressionStream } = require("next/dist/server/lib/release-compression-stream");

/** Smaller pages are not kept: they go through the middleware, which sends them as they are below this. */
const MIN_BYTES = 1024;
/** Compressed pages kept, least recently used first out. A product page is ~19 KB compressed. */
const MAX_KEPT_BYTES = 32 * 1024 * 1024;

const compressStreaming = compression();

/** Compressed bodies by the ETag of what they compress: the same page is compressed once. */
class CompressedBodies {
  constructor(maxBytes) {
    this.maxBytes = maxBytes;
    this.bytes = 0;
    this.entries = new Map();
  }

  get(key) {
    const body = this.entries.get(key);
    if (body) {
      this.entries.delete(key);
      this.entries.set(key, body);
    }
    return body;
  }

  set(key, body) {
    if (body.length > this.maxBytes) return;
    const replaced = this.entries.get(key);
    if (replaced) this.bytes -= replaced.length;
    this.entries.delete(key);
    this.entries.set(key, body);
    this.bytes += body.length;
    for (const [oldest, kept] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= kept.length;
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
 * Whether a page may be compressed once and kept: a 200 HTML answer to a GET that Next.js sends whole with
 * an ETag (a page from its cache; streamed and per-visitor pages have none), for a client that takes gzip,
 * not already encoded and not marked no-transform.
 */
function keepsCompressed(request, response) {
  if (request.method !== "GET" || response.statusCode !== 200) return false;
  if (!response.getHeader("etag") || response.getHeader("content-encoding")) return false;
  if (!/^text\/html\b/i.test(String(response.getHeader("content-type") ?? ""))) return false;
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(String(response.getHeader("cache-control") ?? ""))) return false;
  return acceptsGzip(request.headers["accept-encoding"]);
}

/**
 * Compresses `response` as Next.js would; a whole cached page goes out from the kept compressed copy. The
 * middleware wraps `end` first; this wraps it again on top, so a kept copy arrives there already marked
 * gzip, and the middleware passes it through ("already encoded").
 */
function compressResponse(request, response) {
  compressStreaming(request, response, () => {});
  response.once("close", () => {
    if (!response.writableFinished) releaseCompressionStream(response);
  });
  const end = response.end;
  response.end = function endFromKeptCopy(chunk, encoding, callback) {
    if (chunk && typeof chunk !== "function" && !this.headersSent && keepsCompressed(request, this)) {
      const body = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, typeof encoding === "string" ? encoding : "utf8");
      if (body.length >= MIN_BYTES) {
        // The strong ETag Next.js computed from these very bytes names them (with their length, belt and
        // braces): no second hash of the page on every scan.
        const key = `${this.getHeader("etag")} ${body.length}`;
        let compressed = kept.get(key);
        if (!compressed) {
          // A copy: zlib's output can be a slice of a larger buffer, which would be kept whole.
          compressed = Buffer.from(zlib.gzipSync(body, { level: zlib.constants.Z_BEST_COMPRESSION }));
          kept.set(key, compressed);
        }
        this.setHeader("Content-Encoding", "gzip");
        this.setHeader("Content-Length", compressed.length);
        return end.call(this, compressed, typeof encoding === "function" ? encoding : callback);
      }
    }
    return end.call(this, chunk, encoding, callback);
  };
}

module.exports = { compressResponse, acceptsGzip, CompressedBodies };
