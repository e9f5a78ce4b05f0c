// @ts-check
// A product page is the same HTML for every visitor while the page is in one state (Next.js serves it from
// its cache), and a crowd on one stand asks for it many times a second: compressing its 76 KB on every scan
// was most of its cost (README, bench:page). So a whole 200 HTML answer to a GET of /p/... is compressed
// once and the compressed bytes kept, by path; they are used again only while Next.js hands over the very
// same HTML (compared whole: a changed page is compressed afresh). A page streamed in parts (the skeleton on
// a slow database, an unknown page's 404) goes out as it is: the compression middleware cannot be attached
// once Next.js has started answering (its drain listeners are already on the response, and the middleware's
// zlib stream would never wake them), and such answers are rare.
//
// It is reached through Node's documented way to extend a response: http.createServer's `ServerResponse`
// option (AppResponse below). Nothing is replaced on Node's or Next.js's objects.
import { ServerResponse } from "node:http";
import zlib from "node:zlib";

/** @typedef {"br" | "gzip"} PageEncoding */
/** @typedef {{ html: Buffer, bytes: number, copies: Partial<Record<PageEncoding, Buffer>> }} Entry */

/** The compressed pages kept in memory, least recently used out first beyond `maxBytes`. */
export class PageCopies {
  /** @param {number} maxBytes */
  constructor(maxBytes) {
    this.maxBytes = maxBytes;
    /** @type {Map<string, Entry>} */
    this.pages = new Map();
    this.bytes = 0;
  }

  /**
   * The page's HTML compressed in `encoding`: the kept copy while `html` is the same as when it was kept.
   * @param {string} path
   * @param {Buffer} html
   * @param {PageEncoding} encoding
   * @returns {Buffer}
   */
  copy(path, html, encoding) {
    let entry = this.pages.get(path);
    this.pages.delete(path);
    if (!entry?.html.equals(html)) {
      if (entry) this.bytes -= entry.bytes;
      entry = { html, bytes: html.length, copies: {} };
      this.bytes += html.length;
    }
    this.pages.set(path, entry);
    let compressed = entry.copies[encoding];
    if (!compressed) {
      compressed = compressOnce(html, encoding);
      entry.copies[encoding] = compressed;
      entry.bytes += compressed.length;
      this.bytes += compressed.length;
    }
    for (const [oldest, old] of this.pages) {
      if (this.bytes <= this.maxBytes) break;
      this.pages.delete(oldest);
      this.bytes -= old.bytes;
    }
    return compressed;
  }
}

/**
 * The encoding to keep a page in for this client: brotli if offered (browsers do over HTTPS), else gzip.
 * @param {string | undefined} acceptEncoding
 * @returns {PageEncoding | null}
 */
export function pageEncoding(acceptEncoding) {
  /** @type {Map<string, number>} */
  const offered = new Map();
  for (const part of String(acceptEncoding || "").split(",")) {
    const [coding = "", ...params] = part.trim().toLowerCase().split(";");
    const quality = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    offered.set(coding.trim(), quality === undefined ? 1 : Number(quality.slice(2)));
  }
  /** @param {string} coding */
  const takes = (coding) => (offered.get(coding) ?? offered.get("*") ?? 0) > 0;
  return takes("br") ? "br" : takes("gzip") ? "gzip" : null;
}

/**
 * @param {Buffer} html
 * @param {PageEncoding} encoding
 */
function compressOnce(html, encoding) {
  return encoding === "br"
    ? zlib.brotliCompressSync(html, {
        params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length },
      })
    : zlib.gzipSync(html, { level: zlib.constants.Z_BEST_COMPRESSION });
}

/**
 * What a response does instead when it is not one whole page (server.mjs: nothing, it goes out as it is).
 * @typedef {{ copies: PageCopies, path: string, encoding: PageEncoding, otherwise: () => void }} KeepCopy
 */

/**
 * The server's responses (http.createServer({ ServerResponse: AppResponse })): Node's own, with two
 * additions the server opts each response into.
 *  - `keepCopy(...)`: answer a whole page from the kept compressed copies (above). The first of writeHead,
 *    write or end decides: an `end` with the whole 200 HTML, headers not yet sent, is the kept copy; anything
 *    else runs `otherwise` first, then goes on as Node's response.
 *  - `onHead(listener)`: told once when the head is written (the lane frees a stream's place then).
 */
export class AppResponse extends ServerResponse {
  /** @type {KeepCopy | null} */
  #keep = null;
  /** @type {Array<() => void>} */
  #headListeners = [];

  /** @param {KeepCopy} keep */
  keepCopy(keep) {
    this.#keep = keep;
  }

  /** @param {() => void} listener */
  onHead(listener) {
    this.#headListeners.push(listener);
  }

  /** Not a whole page after all: the usual compression, once. */
  #giveUpCopy() {
    const keep = this.#keep;
    this.#keep = null;
    keep?.otherwise();
    return keep !== null;
  }

  /**
   * @param {number} statusCode
   * @param {...any} rest
   * @returns {this}
   */
  writeHead(statusCode, ...rest) {
    // Through the response's own method again, in case `otherwise` attached something that watches it.
    if (this.#giveUpCopy()) return this.writeHead(statusCode, ...rest);
    const listeners = this.#headListeners;
    this.#headListeners = [];
    for (const listener of listeners) listener();
    return super.writeHead(statusCode, ...rest);
  }

  /**
   * @param {any} chunk
   * @param {any} [encoding]
   * @param {any} [callback]
   * @returns {boolean}
   */
  write(chunk, encoding, callback) {
    if (this.#giveUpCopy()) return this.write(chunk, encoding, callback);
    return super.write(chunk, encoding, callback);
  }

  /**
   * @param {any} [chunk]
   * @param {any} [encoding]
   * @param {any} [callback]
   * @returns {this}
   */
  end(chunk, encoding, callback) {
    const keep = this.#keep;
    if (keep) {
      const whole =
        chunk != null &&
        typeof chunk !== "function" &&
        !this.headersSent &&
        this.statusCode === 200 &&
        !this.getHeader("content-encoding") &&
        /^text\/html\b/i.test(String(this.getHeader("content-type") ?? ""));
      if (!whole) {
        this.#giveUpCopy();
        return this.end(chunk, encoding, callback);
      }
      this.#keep = null;
      const html =
        typeof chunk === "string"
          ? Buffer.from(chunk, typeof encoding === "string" ? /** @type {BufferEncoding} */ (encoding) : "utf8")
          : Buffer.from(chunk);
      const compressed = keep.copies.copy(keep.path, html, keep.encoding);
      this.setHeader("Content-Encoding", keep.encoding);
      this.setHeader("Content-Length", compressed.length);
      const vary = String(this.getHeader("vary") ?? "");
      if (!/\baccept-encoding\b/i.test(vary)) this.setHeader("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
      return super.end(compressed, typeof encoding === "function" ? encoding : callback);
    }
    return super.end(chunk, encoding, callback);
  }
}
