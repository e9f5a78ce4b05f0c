// @ts-check
// The organiser's lane (issue 37): admission control in the server entry, before Next.js sees a request.
// Each request is put in one of five lanes by its method, path and the admin session cookie's presence
// (nothing is read from its body, nothing from the database):
//   - admin: anything with an admin session cookie, and the organiser's own addresses (/admin..., /api/admin/,
//     /api/prizes/, /api/products/, /api/prize-distributions/, /api/winners/). Bounded in flight; beyond the
//     bound the request waits in a bounded queue (a forged cookie only lets its sender wait there), and
//     while any admin request waits, no visitor request is let in: the organiser goes first;
//   - button: an admin request that changes something at one of the organiser's addresses (any method but
//     GET and HEAD): reset daily counts, place at random, pause, mark received. An admin request in every
//     other way; and on an overloaded instance (one that shed a visitor in the last 10 s), while a button is
//     in flight, no new visitor request is let in either. Those buttons update the rows the crowd's holds
//     and claims lock (a prize, its placements), and Postgres does not queue a waiting UPDATE ahead of
//     later ones: with visitors still coming in, a button waited 3-4 s; with none let in, well under one.
//     A shed visitor's page asks again in 1-3 s. An instance that is not overloaded has no queue to jump;
//   - keep: what a visitor must never lose, a claim with a nickname (a POST to .../prize/claim/ with a body)
//     and a let-go (PATCH). Always let in, and counted among the visitors in flight;
//   - visitor: everything else a visitor (or any client) asks of the app: pages, the state call, a new hold
//     (a POST to .../prize/claim/ with an empty or `{}` body), pings, the big screen's streams. Beyond the
//     bound it is refused at once with 503 and Retry-After, which the page's script waits out and retries;
//   - free: what costs no app work worth bounding: Next.js's static files, public files, photos, health.

/** @typedef {"admin" | "button" | "keep" | "visitor" | "free"} Lane */
/** @typedef {{ visitors: number, admins: number, adminQueue: number }} LaneBounds */
/** @typedef {{ admitted: true, release: () => void } | { admitted: false, retryAfterSeconds: number }} Admission */

/**
 * Visitor requests one instance works on at once by default (VISITOR_CONCURRENCY to change): measured on the
 * 2-core machine with `npm run bench:overload` (docs/performance.md, "Overload").
 */
export const DEFAULT_VISITOR_CONCURRENCY = 24;
/** Admin requests in flight at once; more wait in the admin queue. A few organisers' screens and buttons. */
export const DEFAULT_ADMIN_CONCURRENCY = 8;
/** Admin requests that may wait; beyond that they too are 503 (a flood of forged cookies, not organisers). */
export const DEFAULT_ADMIN_QUEUE = 200;
/** How long after shedding a visitor an instance counts as overloaded (a button then pauses visitors). */
const OVERLOADED_FOR_MS = 10_000;
/** Retry-After on a shed visitor: 1 to 3 s, spread so that shed visitors do not all come back at once. */
const RETRY_AFTER_MIN_SECONDS = 1;
const RETRY_AFTER_MAX_SECONDS = 3;

const ADMIN_PATH = /^\/(?:admin(?:\/|$)|api\/(?:admin|prizes|products|prize-distributions|winners)(?:\/|$))/;
/** next-auth v5's session cookie (over plain HTTP, and with the __Secure- prefix over HTTPS). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?authjs\.session-token(?:\.\d+)?=/;
const CLAIM_PATH = /^\/api\/p\/[^/]+\/prize\/claim\/?$/;
/** Next.js's own files, the public folder's files (a dot in the last segment), photos, health, metrics. */
const FREE_PATH = /^\/(?:_next\/|api\/images\/|api\/health\/?$|metrics$|[^/]*\.[a-z0-9]+$)/i;

/**
 * The lane of a request. `contentLength` is the request's Content-Length header: a hold's body is empty or
 * `{}`, a claim's carries a nickname and a code (tens of bytes); a body sent in chunks (no length) is a claim.
 * @param {string | undefined} method
 * @param {string | undefined} url
 * @param {{ cookie?: string | undefined, "content-length"?: string | undefined, "transfer-encoding"?: string | undefined }} headers
 * @returns {Lane}
 */
export function laneOf(method, url, headers) {
  const path = (url || "/").split("?")[0] || "/";
  if (ADMIN_PATH.test(path)) return method === "GET" || method === "HEAD" ? "admin" : "button";
  if (SESSION_COOKIE.test(headers.cookie ?? "")) return "admin";
  if (FREE_PATH.test(path)) return "free";
  if (CLAIM_PATH.test(path)) {
    if (method === "PATCH") return "keep";
    if (method === "POST") {
      const length = headers["content-length"];
      if (length === undefined ? headers["transfer-encoding"] !== undefined : Number(length) > 2) return "keep";
    }
  }
  return "visitor";
}

/**
 * What one instance works on at once. `admit(lane)` answers at once for visitors (in, or shed with a
 * Retry-After) and may wait for admins; every admitted request must call its `release` once when done.
 */
export class Lanes {
  /**
   * @param {LaneBounds} bounds
   * @param {() => number} now milliseconds, for the overload's memory (a test moves it)
   */
  constructor(bounds, now = () => performance.now()) {
    this.bounds = bounds;
    this.now = now;
    this.lastShedAt = Number.NEGATIVE_INFINITY;
    this.visitorsInFlight = 0;
    this.adminsInFlight = 0;
    /** @type {Array<() => void>} */
    this.adminWaiting = [];
    this.buttonsInFlight = 0;
    this.shed = 0;
  }

  /**
   * @param {Lane} lane
   * @returns {Admission | Promise<Admission>}
   */
  admit(lane) {
    if (lane === "free") return { admitted: true, release: () => {} };
    if (lane === "admin") return this.admitAdmin();
    if (lane === "button") return this.admitButton();
    if (lane === "visitor" && (this.visitorsInFlight >= this.bounds.visitors || this.organiserFirst())) {
      this.shed += 1;
      this.lastShedAt = this.now();
      return { admitted: false, retryAfterSeconds: retryAfterSeconds() };
    }
    this.visitorsInFlight += 1;
    return { admitted: true, release: once(() => (this.visitorsInFlight -= 1)) };
  }

  /** An admin request waits, or (on an overloaded instance) a button is in flight: visitors wait outside. */
  organiserFirst() {
    const overloaded = this.now() - this.lastShedAt < OVERLOADED_FOR_MS;
    return this.adminWaiting.length > 0 || (this.buttonsInFlight > 0 && overloaded);
  }

  /** @returns {Admission | Promise<Admission>} */
  admitAdmin() {
    if (this.adminsInFlight < this.bounds.admins) {
      this.adminsInFlight += 1;
      return { admitted: true, release: once(() => this.releaseAdmin()) };
    }
    if (this.adminWaiting.length >= this.bounds.adminQueue) {
      this.shed += 1;
      return { admitted: false, retryAfterSeconds: retryAfterSeconds() };
    }
    return new Promise((resolve) => {
      // The slot is handed over as it is freed: adminsInFlight stays counted for the waiter.
      this.adminWaiting.push(() => resolve({ admitted: true, release: once(() => this.releaseAdmin()) }));
    });
  }

  /**
   * An admin request counted as a button from the moment it asks (waiting or not) until it is answered.
   * @returns {Admission | Promise<Admission>}
   */
  admitButton() {
    this.buttonsInFlight += 1;
    const done = once(() => (this.buttonsInFlight -= 1));
    /** @param {Admission} admission */
    const asButton = (admission) => {
      if (!admission.admitted) {
        done();
        return admission;
      }
      const { release } = admission;
      const releaseBoth = () => {
        done();
        release();
      };
      return { admitted: /** @type {const} */ (true), release: once(releaseBoth) };
    };
    const admission = this.admitAdmin();
    return admission instanceof Promise ? admission.then(asButton) : asButton(admission);
  }

  releaseAdmin() {
    const next = this.adminWaiting.shift();
    if (next) next();
    else this.adminsInFlight -= 1;
  }
}

function retryAfterSeconds() {
  return RETRY_AFTER_MIN_SECONDS + Math.floor(Math.random() * (RETRY_AFTER_MAX_SECONDS - RETRY_AFTER_MIN_SECONDS + 1));
}

/**
 * @param {() => unknown} action
 * @returns {() => void}
 */
function once(action) {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    action();
  };
}

/**
 * A bound from the environment: a positive whole number, else the default (a typo must not switch it off).
 * @param {string | undefined} value
 * @param {number} fallback
 */
export function boundFrom(value, fallback) {
  const number = Number(value);
  return value && Number.isInteger(number) && number > 0 ? number : fallback;
}
