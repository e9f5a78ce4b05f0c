// @ts-check
// A request's body, read whole by the server entry before the request takes a place in its lane: a sender
// that trickles its body holds a socket and a timer, never a slot meant for others (server/lane.mjs). Bodies
// are small (a claim, an admin form) or bounded uploads; the app then reads the same bytes from a replay.
import { IncomingMessage } from "node:http";

/** @typedef {import("node:http").IncomingMessage} Request */

/**
 * A body's size when its route names none (lib/api/route.ts): a JSON body of this size already holds a thousand
 * ids. Uploads set their own, larger caps, and the app reads those.
 */
export const DEFAULT_MAX_BODY_BYTES = 64 * 1024;
/** The claim call's cap: a claim is tens of bytes, and a longer nickname is refused with its own message. */
export const CLAIM_MAX_BODY_BYTES = 16 * 1024;
/**
 * @typedef {{ kind: "none" } | { kind: "read", body: Buffer } | { kind: "too_large" } | { kind: "too_slow" } | { kind: "gone" }} BodyOutcome
 */

/**
 * Whether the request carries a body at all: a Content-Length above 0, or a chunked one.
 * @param {Request} request
 */
function hasBody(request) {
  const length = request.headers["content-length"];
  if (length !== undefined) return length !== "0";
  return request.headers["transfer-encoding"] !== undefined;
}

/**
 * The declared length when it is larger than `maxBytes` (a 413 before anything is read); else undefined.
 * @param {Request} request
 * @param {number} maxBytes
 */
export function declaredTooLarge(request, maxBytes) {
  const length = request.headers["content-length"];
  if (length === undefined) return false;
  const declared = Number(length);
  return !Number.isFinite(declared) || declared > maxBytes;
}

/**
 * Reads the whole body within `deadlineMs`, at most `maxBytes` of it.
 * @param {Request} request
 * @param {{ maxBytes: number, deadlineMs: number }} limits
 * @returns {Promise<BodyOutcome>}
 */
export function readWholeBody(request, { maxBytes, deadlineMs }) {
  if (!hasBody(request)) return Promise.resolve({ kind: "none" });
  return new Promise((resolve) => {
    /** @type {Buffer[]} */
    const chunks = [];
    let received = 0;
    /** @param {BodyOutcome} outcome */
    const finish = (outcome) => {
      clearTimeout(timer);
      request.off("data", onData);
      request.off("end", onEnd);
      request.off("aborted", onGone);
      request.off("error", onGone);
      resolve(outcome);
    };
    const timer = setTimeout(() => finish({ kind: "too_slow" }), deadlineMs);
    /** @param {Buffer} chunk */
    const onData = (chunk) => {
      received += chunk.length;
      if (received > maxBytes) finish({ kind: "too_large" });
      else chunks.push(chunk);
    };
    const onEnd = () => finish(request.complete ? { kind: "read", body: Buffer.concat(chunks, received) } : { kind: "gone" });
    const onGone = () => finish({ kind: "gone" });
    request.on("data", onData);
    request.on("end", onEnd);
    request.on("aborted", onGone);
    request.on("error", onGone);
  });
}

/**
 * The same request again, its body already read: what Next.js reads in its place. Method, address, headers
 * and the connection are the original's.
 * @param {Request} request
 * @param {Buffer} body
 * @returns {Request}
 */
export function replayWithBody(request, body) {
  const replay = new IncomingMessage(request.socket);
  replay.method = request.method;
  replay.url = request.url;
  replay.httpVersion = request.httpVersion;
  replay.httpVersionMajor = request.httpVersionMajor;
  replay.httpVersionMinor = request.httpVersionMinor;
  replay.headers = request.headers;
  replay.rawHeaders = request.rawHeaders;
  replay.push(body);
  replay.push(null);
  replay.complete = true;
  return replay;
}
