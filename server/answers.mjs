// @ts-check
// The server entry's own small answers, in the shape the app's use: JSON `{detail}` under /api, HTML elsewhere.
import { readFileSync } from "node:fs";
import path from "node:path";

/** @typedef {import("node:http").IncomingMessage} Request */
/** @typedef {import("node:http").ServerResponse} Response */

const NOT_FOUND_PAGE = `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Page not found</title>
<body style="font-family:system-ui,sans-serif;margin:3rem auto;max-width:32rem;padding:0 1rem">
<h1>Page not found</h1><p>This address does not lead anywhere. Scan the QR code at the stand again.</p></body></html>`;

/**
 * @param {Request} request
 * @param {Response} response
 * @param {number} status
 * @param {string} detail
 * @param {Record<string, string>} [headers]
 */
export function answer(request, response, status, detail, headers = {}) {
  const api = (request.url || "").startsWith("/api/");
  const body = api
    ? JSON.stringify({ detail })
    : status === 404
      ? NOT_FOUND_PAGE
      : `<!doctype html><title>${detail}</title><p>${detail}</p>`;
  send(request, response, status, api ? "application/json" : "text/html; charset=utf-8", body, headers);
}

/**
 * @param {Request} request
 * @param {Response} response
 * @param {number} status
 * @param {string} type
 * @param {string} body
 * @param {Record<string, string>} headers
 */
function send(request, response, status, type, body, headers) {
  response.writeHead(status, {
    "content-type": type,
    "content-length": String(Buffer.byteLength(body)),
    "cache-control": "no-store",
    ...headers,
  });
  response.end(request.method === "HEAD" ? undefined : body);
}

/** @typedef {{ title: string, text: string, again: string, detail: string }} BusyWords */
/** @typedef {{ busy: BusyWords, bodyTooLarge: string, bodyTooSlow: string }} ServerWords */

/**
 * The server entry's own answers' words in both languages, from the app's catalogues (messages/*.json: the
 * busy answer, and the errors a body can earn before the app sees it).
 * @param {string} root
 * @returns {Record<"en" | "ko", ServerWords>}
 */
export function readServerWords(root) {
  /** @param {string} locale @returns {ServerWords} */
  const read = (locale) => {
    const catalogue = /** @type {{ serverBusy: BusyWords, errors: { bodyTooLarge: string, bodyTooSlow: string } }} */ (
      JSON.parse(readFileSync(path.join(root, "messages", `${locale}.json`), "utf8"))
    );
    return { busy: catalogue.serverBusy, bodyTooLarge: catalogue.errors.bodyTooLarge, bodyTooSlow: catalogue.errors.bodyTooSlow };
  };
  return { en: read("en"), ko: read("ko") };
}

/**
 * The visitor's language as the app chooses it (shared/i18n/locales.ts): the NEXT_LOCALE cookie, else the first
 * of ours in Accept-Language, else English.
 * @param {Request} request
 * @returns {"en" | "ko"}
 */
function localeOf(request) {
  const cookie = /(?:^|;\s*)NEXT_LOCALE=(en|ko)(?:;|$)/.exec(request.headers.cookie ?? "");
  if (cookie) return /** @type {"en" | "ko"} */ (cookie[1]);
  for (const part of String(request.headers["accept-language"] ?? "")
    .slice(0, 500)
    .split(",")) {
    const [tag = "", ...params] = part.trim().toLowerCase().split(";");
    const quality = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    if (quality !== undefined && !(Number(quality.slice(2)) > 0)) continue;
    const primary = tag.split("-")[0];
    if (primary === "en" || primary === "ko") return primary;
  }
  return "en";
}

/** @param {string} text */
const escapeHtml = (text) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A shed visitor's 503 with Retry-After: `{detail, retry_after}` under /api (the page's script waits and
 * asks again), else a tiny page that reloads itself after the wait (no script: a meta refresh).
 * @param {Request} request
 * @param {Response} response
 * @param {number} retryAfterSeconds
 * @param {Record<"en" | "ko", ServerWords>} words
 */
export function answerBusy(request, response, retryAfterSeconds, words) {
  const locale = localeOf(request);
  const said = words[locale].busy;
  const headers = { "retry-after": String(retryAfterSeconds) };
  if ((request.url || "").startsWith("/api/")) {
    send(request, response, 503, "application/json", JSON.stringify({ detail: said.detail, retry_after: retryAfterSeconds }), headers);
    return;
  }
  const page = `<!doctype html><html lang="${locale}"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta http-equiv="refresh" content="${retryAfterSeconds}"><title>${escapeHtml(said.title)}</title>
<body style="font-family:system-ui,sans-serif;margin:3rem auto;max-width:32rem;padding:0 1rem;text-align:center">
<h1>${escapeHtml(said.title)}</h1><p>${escapeHtml(said.text)}</p><p><a href="">${escapeHtml(said.again)}</a></p></body></html>`;
  send(request, response, 503, "text/html; charset=utf-8", page, headers);
}

/** After a refused body, how long the connection may linger for the answer to be read before it is cut. */
const LINGER_MS = 2_000;

/**
 * A body refused before the app saw it: 413 (declared or grown larger than its route takes) or 408 (it did not
 * arrive in time). The rest of the body is never read: the connection closes once the answer is out.
 * @param {Request} request
 * @param {Response} response
 * @param {413 | 408} status
 * @param {Record<"en" | "ko", ServerWords>} words
 */
export function answerRefusedBody(request, response, status, words) {
  const said = words[localeOf(request)];
  const detail = status === 413 ? said.bodyTooLarge : said.bodyTooSlow;
  response.shouldKeepAlive = false;
  response.once("finish", () => setTimeout(() => request.socket.destroy(), LINGER_MS).unref());
  send(request, response, status, "application/json", JSON.stringify({ detail }), { connection: "close" });
}
