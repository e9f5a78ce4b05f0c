// @ts-check
// The build's static files (/_next/static/...: the scripts, styles and icons every first visit loads, a dozen
// to twenty of them) never change while the server runs. Handed to Next.js, each was read from disk and
// compressed afresh on every request: about 3.5 ms of the server's CPU per script, three quarters of what
// serving it cost (docs/performance.md, "Static files"). So the server answers them itself, from memory: each
// file read once and compressed once per encoding, on its first request, off the event loop.
//
// Only the files the build wrote are answered here (listed when the server starts, so no request names a path
// outside the folder), and only a plain GET or HEAD: a range or a conditional request goes on to Next.js, as
// does any other path. The answer carries the headers Next.js gives these files (the immutable cache, the
// content type, Last-Modified, Accept-Ranges) and the app's security headers (server/security-headers.mjs).
import { readdirSync, statSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import { pageEncoding } from "./page-copies.mjs";
import { securityHeaders } from "./security-headers.mjs";

/** @typedef {import("node:http").IncomingMessage} Request */
/** @typedef {import("node:http").ServerResponse} Response */
/** @typedef {"br" | "gzip" | "identity"} Encoding */
/** @typedef {{ file: string, type: string, compressible: boolean, lastModified: string, bodies: Partial<Record<Encoding, Promise<Buffer>>> }} StaticFile */

const URL_PREFIX = "/_next/static/";
/** Content types by extension, as Next.js sends them; a file of any other kind is left to Next.js. */
const TYPES = new Map([
  [".js", { type: "application/javascript; charset=UTF-8", compressible: true }],
  [".css", { type: "text/css; charset=UTF-8", compressible: true }],
  [".json", { type: "application/json; charset=UTF-8", compressible: true }],
  [".svg", { type: "image/svg+xml", compressible: true }],
  [".ico", { type: "image/x-icon", compressible: true }],
  [".txt", { type: "text/plain; charset=UTF-8", compressible: true }],
  [".woff2", { type: "font/woff2", compressible: false }],
  [".woff", { type: "font/woff", compressible: false }],
  [".png", { type: "image/png", compressible: false }],
  [".jpg", { type: "image/jpeg", compressible: false }],
  [".webp", { type: "image/webp", compressible: false }],
]);
/** Below this a file goes as it is: compressing saves less than its own overhead (the compression middleware's threshold). */
const COMPRESS_FROM_BYTES = 1024;
/**
 * Brotli's quality 5: within 2% of quality 9's size for the build's scripts at a quarter of its time (all of
 * them: 246 ms against 1,069 ms on the 2-core machine), so a fresh server's first visitors wait less.
 */
const BROTLI_QUALITY = 5;
const IMMUTABLE = "public, max-age=31536000, immutable";
/** Headers that ask for part of a file or only a changed one: Next.js answers those (206, 304). */
const LEFT_TO_NEXT = ["range", "if-range", "if-none-match", "if-modified-since"];

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** The build's static files, answered from memory. */
export class StaticCopies {
  /** @param {string} folder the build's static folder (.next/static) */
  constructor(folder) {
    /** @type {Map<string, StaticFile>} by URL path, decoded */
    this.files = new Map();
    this.headers = securityHeaders({ dev: false });
    for (const name of listFiles(folder)) {
      const kind = TYPES.get(path.extname(name).toLowerCase());
      if (!kind) continue;
      const file = path.join(folder, name);
      const stats = statSync(file);
      this.files.set(URL_PREFIX + name.split(path.sep).join("/"), {
        file,
        type: kind.type,
        compressible: kind.compressible && stats.size >= COMPRESS_FROM_BYTES,
        lastModified: stats.mtime.toUTCString(),
        bodies: {},
      });
    }
  }

  /**
   * Answers the request when it is a plain GET or HEAD of one of the build's static files; otherwise answers
   * nothing and returns false.
   * @param {Request} request
   * @param {Response} response
   * @returns {boolean}
   */
  answer(request, response) {
    if (request.method !== "GET" && request.method !== "HEAD") return false;
    const url = request.url || "";
    if (!url.startsWith(URL_PREFIX)) return false;
    if (LEFT_TO_NEXT.some((name) => request.headers[name] !== undefined)) return false;
    let urlPath;
    try {
      urlPath = decodeURIComponent(url.split("?")[0] ?? "");
    } catch {
      return false;
    }
    const found = this.files.get(urlPath);
    if (!found) return false;
    const encoding = found.compressible ? (pageEncoding(request.headers["accept-encoding"]) ?? "identity") : "identity";
    this.body(found, encoding).then(
      (body) => {
        if (response.destroyed) return;
        for (const { key, value } of this.headers) response.setHeader(key, value);
        response.setHeader("Cache-Control", IMMUTABLE);
        response.setHeader("Accept-Ranges", "bytes");
        response.setHeader("Last-Modified", found.lastModified);
        response.setHeader("Content-Type", found.type);
        if (found.compressible) response.setHeader("Vary", "Accept-Encoding");
        if (encoding !== "identity") response.setHeader("Content-Encoding", encoding);
        response.setHeader("Content-Length", body.length);
        response.end(request.method === "HEAD" ? undefined : body);
      },
      (error) => {
        // The build's folder changed under the server (a new build over it): the next request reads it again.
        found.bodies = {};
        console.error(`Static file ${found.file}:`, error instanceof Error ? error.message : error);
        if (!response.headersSent) response.statusCode = 500;
        response.end();
      },
    );
    return true;
  }

  /**
   * The file's bytes in `encoding`, read and compressed once (a failed read is tried again next time).
   * @param {StaticFile} found
   * @param {Encoding} encoding
   * @returns {Promise<Buffer>}
   */
  body(found, encoding) {
    let body = found.bodies[encoding];
    if (!body) {
      body = encoding === "identity" ? readFile(found.file) : this.body(found, "identity").then((raw) => compress(raw, encoding));
      found.bodies[encoding] = body;
      body.catch(() => {
        if (found.bodies[encoding] === body) delete found.bodies[encoding];
      });
    }
    return body;
  }
}

/**
 * @param {Buffer} raw
 * @param {"br" | "gzip"} encoding
 * @returns {Promise<Buffer>}
 */
function compress(raw, encoding) {
  return encoding === "br"
    ? brotli(raw, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
      })
    : gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION });
}

/**
 * Every file under `folder`, as paths relative to it (none when there is no such folder).
 * @param {string} folder
 * @returns {string[]}
 */
function listFiles(folder) {
  try {
    return readdirSync(folder, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)));
  } catch {
    return [];
  }
}
