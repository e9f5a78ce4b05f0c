// @ts-check
// The organiser's lane: admission control in the server entry, before Next.js sees a request, so that a crowd
// of phones cannot keep the organiser's buttons waiting, and so that no small number of connections (slow
// bodies, forged cookies, admin paths, claim floods) can stop honest phones or the organiser. Each request is
// put in one lane by its method, path, body size and what its cookies prove (server/credentials.mjs: a
// session that verifies, a signed visitor id); its body has been read whole before it asks for a place
// (server/request-body.mjs), so a slow sender holds none. Nothing comes from the database.
//   - free: what costs no app work worth bounding: Next.js's static files, public files, photos, health;
//   - sign_in: the sign-in page and call. A small bound and queue of their own: an organiser whose session ran
//     out signs in during a rush, and a flood of sign-ins never takes a visitor's place;
//   - admin: an organiser's request with a session that verifies, at an organiser's address. Bounded, with a
//     queue; at most 4 in flight per session (one browser cannot fill the lane);
//   - button: an admin request that changes something and is short (pause, place, mark received: not an upload
//     or long work). As admin, and for its first second in flight on an overloaded instance (one that shed a
//     visitor in the last 10 s) no new visitor is let in: those buttons update the rows the crowd's holds and
//     claims lock, and Postgres does not queue a waiting UPDATE ahead of later ones. After that second it waits
//     like anyone: a slow button cannot hold the crowd out;
//   - claim: what a visitor must never lose: a claim with a nickname, and a let-go, from a phone with a signed
//     visitor cookie and a body the size of a claim. A bound and a queue of their own; one visitor's claims
//     at most 5 in 10 s by default (CLAIMS_PER_VISITOR; beyond it 503 with Retry-After, held a second: a
//     script, not a phone);
//   - visitor: pages, the state call, a new hold, pings, the big screen's streams. Beyond the bound it is refused at once with 503 and Retry-After, which the page's script
//     waits out and asks again;
//   - unverified: a session cookie that does not verify (forged, expired, from another installation), an
//     organiser's address without a session, and a claim body from a phone without our visitor cookie (or
//     larger than any claim). A small bound and rate of their own, shed whenever visitors are, their refusals
//     held a second before they are answered: they earn nothing and can hold nobody back.

/** @typedef {"free" | "sign_in" | "admin" | "button" | "claim" | "visitor" | "unverified"} Lane */
/** @typedef {import("./config.mjs").LaneBounds} LaneBounds */
/**
 * In with a place to release, or refused with a Retry-After. `answerAfterMs`: the refusal is answered only after
 * that long (a script that ignores Retry-After and asks again at once is slowed to one request a second per
 * connection, and its refusals stop taking the server's time from others).
 * @typedef {{ admitted: true, release: () => void } | { admitted: false, retryAfterSeconds: number, answerAfterMs?: number }} Admission
 */
/**
 * What the lane is decided on. `session`: the verified session's key, "forged" for a session cookie that did
 * not verify, undefined for none. `visitorId`: the signed visitor id, if any. `bodyBytes`: the body as read.
 * @typedef {{ method: string, path: string, session: string | undefined, visitorId: string | undefined, bodyBytes: number }} RequestFacts
 */

/** A session cookie that came and did not verify. */
export const FORGED = "forged";

const ADMIN_PATH = /^\/(?:admin(?:\/|$)|api\/(?:admin|prizes|products|prize-distributions|winners)(?:\/|$))/;
const SIGN_IN_PATH = /^\/(?:admin\/login\/?$|api\/admin\/login\/?$|api\/auth\/)/;
const CLAIM_PATH = /^\/api\/p\/[^/]+\/prize\/claim\/?$/;
/** Next.js's own files, the public folder's files (a dot in the last segment), photos, health. */
const FREE_PATH = /^\/(?:_next\/|api\/images\/|api\/health\/?$|[^/]*\.[a-z0-9]+$)/i;
/** The organiser's uploads: their bodies are the app's to read (it refuses one from its declared size). */
const UPLOAD_PATH = /^\/api\/(?:admin\/settings\/logo|admin\/create-product|admin\/import|products\/\d+|prizes(?:\/\d+)?)\/?$/;
/** Admin writes that may run long: they get no priority over visitors. */
const LONG_WORK_PATH = /^\/api\/admin\/(?:event\/start_new|import|webhooks\/[^/]+\/(?:test|send))\/?/;

/**
 * A claim's body: `{"name": ..., "password": "1234"}`, tens of bytes; the nickname's 64 characters at most
 * (lib/validation/claim.ts) fit even with every one escaped as \uXXXX. A new hold's body is empty or `{}`.
 */
const CLAIM_BODY_MAX_BYTES = 1024;
const HOLD_BODY_MAX_BYTES = 2;

/** Admin requests one signed-in browser may have in flight; more wait their turn. */
const PER_SESSION = 4;
/** How long a button keeps visitors waiting outside, at most. */
const BUTTON_PRIORITY_MS = 1_000;
/**
 * Sign-in: in flight at once (each hashes a password), and waiting: a crowd of guesses waits its turn and is
 * throttled by the app, as an organiser's own sign-in does.
 */
const SIGN_IN_BOUND = 2;
const SIGN_IN_QUEUE = 256;
/**
 * Requests that proved nothing: in flight at once, a quarter of the visitors' bound (at least 4), and let in at
 * most as many a second as the visitors' bound (at least 20): an organiser whose session ran out, a phone
 * without our cookie, get through; a loop of them cannot keep the app busy.
 */
const unverifiedBound = (/** @type {number} */ visitors) => Math.max(4, Math.floor(visitors / 4));
const unverifiedPerSecond = (/** @type {number} */ visitors) => Math.max(20, visitors);
/** How long a refusal of a request that proved nothing, or of a claim over its visitor's limit, is held. */
const SLOW_REFUSAL_MS = 1_000;
/** Claims that may wait for a place: every phone holding a prize at one moment fits. */
const CLAIM_QUEUE = 1_000;
/** The window in which one visitor's claims are counted (at most `claimsPerVisitor`). */
const CLAIM_WINDOW_MS = 10_000;
/** How long after shedding a visitor an instance counts as overloaded (a button then pauses visitors). */
const OVERLOADED_FOR_MS = 10_000;
/** Retry-After on a shed visitor: 1 to 3 s, spread so that shed visitors do not all come back at once. */
const RETRY_AFTER_MIN_SECONDS = 1;
const RETRY_AFTER_MAX_SECONDS = 3;

/** @param {string | undefined} url */
export function pathOf(url) {
  return (url || "/").split("?")[0] || "/";
}

/** @param {string} path */
export const isFreePath = (path) => FREE_PATH.test(path);
/** @param {string} path */
export const isClaimPath = (path) => CLAIM_PATH.test(path);

/**
 * An organiser's upload, sent with a session that verifies: the app reads its body as it streams.
 * @param {string} method
 * @param {string} path
 * @param {string | undefined} session
 */
export function isVerifiedUpload(method, path, session) {
  return (
    session !== undefined && session !== FORGED && (method === "POST" || method === "PUT" || method === "PATCH") && UPLOAD_PATH.test(path)
  );
}

/**
 * @param {RequestFacts} facts
 * @returns {Lane}
 */
export function laneOf({ method, path, session, visitorId, bodyBytes }) {
  if (FREE_PATH.test(path)) return "free";
  const verified = session !== undefined && session !== FORGED;
  if (verified && ADMIN_PATH.test(path) && !SIGN_IN_PATH.test(path)) {
    const reads = method === "GET" || method === "HEAD";
    return reads || UPLOAD_PATH.test(path) || LONG_WORK_PATH.test(path) ? "admin" : "button";
  }
  if (SIGN_IN_PATH.test(path)) return "sign_in";
  if (session === FORGED || ADMIN_PATH.test(path)) return "unverified";
  if (CLAIM_PATH.test(path) && (method === "PATCH" || (method === "POST" && bodyBytes > HOLD_BODY_MAX_BYTES))) {
    // A claim or a let-go from a phone that never got our visitor cookie, or with a nickname no form sends,
    // cannot be one: it proved nothing.
    return visitorId !== undefined && bodyBytes <= CLAIM_BODY_MAX_BYTES ? "claim" : "unverified";
  }
  return "visitor";
}

/** A bounded number in flight, and a queue of those waiting for a place (first come, first served). */
class Bounded {
  /**
   * @param {number} bound
   * @param {number} queue how many may wait; 0: none
   */
  constructor(bound, queue) {
    this.bound = bound;
    this.queue = queue;
    this.inFlight = 0;
    /** @type {Array<() => void>} */
    this.waiting = [];
  }

  full() {
    return this.inFlight >= this.bound;
  }

  /**
   * In at once, waits in the queue, or (queue full) refused.
   * @returns {Admission | Promise<Admission>}
   */
  admit() {
    if (!this.full()) {
      this.inFlight += 1;
      return { admitted: true, release: once(() => this.release()) };
    }
    if (this.waiting.length >= this.queue) return { admitted: false, retryAfterSeconds: retryAfterSeconds() };
    return new Promise((resolve) => {
      // The place is handed over as it is freed: inFlight stays counted for the waiter.
      this.waiting.push(() => resolve({ admitted: true, release: once(() => this.release()) }));
    });
  }

  release() {
    const next = this.waiting.shift();
    if (next) next();
    else this.inFlight -= 1;
  }
}

/**
 * What one instance works on at once. `admit(lane, facts)` answers at once for visitors (in, or shed with a
 * Retry-After) and may wait for the others; every admitted request must call its `release` once when done.
 */
export class Lanes {
  /**
   * @param {LaneBounds} bounds
   * @param {() => number} now milliseconds (a test moves it)
   */
  constructor(bounds, now = () => performance.now()) {
    this.now = now;
    this.claimsPerVisitor = bounds.claimsPerVisitor;
    this.lastShedAt = Number.NEGATIVE_INFINITY;
    this.visitors = new Bounded(bounds.visitors, 0);
    this.unverified = new Bounded(unverifiedBound(bounds.visitors), 0);
    this.unverifiedRate = new Rate(unverifiedPerSecond(bounds.visitors), now);
    this.signIn = new Bounded(SIGN_IN_BOUND, SIGN_IN_QUEUE);
    this.claims = new Bounded(bounds.claims, CLAIM_QUEUE);
    this.admins = new AdminLane(bounds.admins, bounds.adminQueue);
    /** When each button in flight stops having priority (ms). */
    this.buttonPriorityEnds = new Set();
    /** @type {Map<string, number[]>} each visitor's recent claim times */
    this.recentClaims = new Map();
    this.shed = 0;
  }

  /**
   * @param {Lane} lane
   * @param {RequestFacts} facts
   * @returns {Admission | Promise<Admission>}
   */
  admit(lane, facts) {
    switch (lane) {
      case "free":
        return { admitted: true, release: () => {} };
      case "sign_in":
        return this.counted(this.signIn.admit());
      case "admin":
        return this.counted(this.admins.admit(facts.session ?? ""));
      case "button":
        return this.admitButton(facts.session ?? "");
      case "claim":
        return this.admitClaim(facts.visitorId ?? "");
      case "unverified":
        if (this.visitors.full() || this.organiserFirst() || this.unverified.full() || !this.unverifiedRate.take()) {
          return this.refuse({ answerAfterMs: SLOW_REFUSAL_MS });
        }
        return this.unverified.admit();
      default:
        // Only a full visitor lane makes the instance overloaded: a refusal for any other reason must not
        // start the buttons' priority over visitors.
        if (this.visitors.full()) return this.refuse({ overloaded: true });
        if (this.organiserFirst()) return this.refuse();
        return this.visitors.admit();
    }
  }

  organiserFirst() {
    const now = this.now();
    if (now - this.lastShedAt >= OVERLOADED_FOR_MS) return false;
    for (const ends of this.buttonPriorityEnds) if (ends > now) return true;
    return false;
  }

  /**
   * @param {{ overloaded?: boolean, answerAfterMs?: number }} [how]
   * @returns {Admission}
   */
  refuse({ overloaded = false, answerAfterMs } = {}) {
    this.shed += 1;
    if (overloaded) this.lastShedAt = this.now();
    return { admitted: false, retryAfterSeconds: retryAfterSeconds(), ...(answerAfterMs ? { answerAfterMs } : {}) };
  }

  /**
   * A refusal from a lane's full queue counts as shed; it does not make the instance "overloaded".
   * @param {Admission | Promise<Admission>} admission
   */
  counted(admission) {
    if (!(admission instanceof Promise) && !admission.admitted) this.shed += 1;
    return admission;
  }

  /**
   * @param {string} session
   * @returns {Admission | Promise<Admission>}
   */
  admitButton(session) {
    /** @param {Admission} admission @returns {Admission} */
    const withPriority = (admission) => {
      if (!admission.admitted) return admission;
      const ends = this.now() + BUTTON_PRIORITY_MS;
      this.buttonPriorityEnds.add(ends);
      const { release } = admission;
      return {
        admitted: true,
        release: once(() => {
          this.buttonPriorityEnds.delete(ends);
          release();
        }),
      };
    };
    const admission = this.counted(this.admins.admit(session));
    return admission instanceof Promise ? admission.then(withPriority) : withPriority(admission);
  }

  /**
   * @param {string} visitorId
   * @returns {Admission | Promise<Admission>}
   */
  admitClaim(visitorId) {
    const now = this.now();
    const recent = (this.recentClaims.get(visitorId) ?? []).filter((at) => now - at < CLAIM_WINDOW_MS);
    if (recent.length >= this.claimsPerVisitor) {
      this.shed += 1;
      const oldest = recent[0] ?? now;
      const retryAfterSeconds = Math.max(1, Math.ceil((oldest + CLAIM_WINDOW_MS - now) / 1000));
      return { admitted: false, retryAfterSeconds, answerAfterMs: SLOW_REFUSAL_MS };
    }
    recent.push(now);
    this.recentClaims.set(visitorId, recent);
    if (this.recentClaims.size > 10_000) this.forgetOldClaims(now);
    return this.counted(this.claims.admit());
  }

  /** @param {number} now */
  forgetOldClaims(now) {
    for (const [visitorId, times] of this.recentClaims) {
      if (times.every((at) => now - at >= CLAIM_WINDOW_MS)) this.recentClaims.delete(visitorId);
    }
  }
}

/** At most `perSecond` a second, in bursts of as many (a token bucket). */
class Rate {
  /**
   * @param {number} perSecond
   * @param {() => number} now milliseconds
   */
  constructor(perSecond, now) {
    this.perSecond = perSecond;
    this.now = now;
    this.tokens = perSecond;
    this.at = now();
  }

  take() {
    const now = this.now();
    this.tokens = Math.min(this.perSecond, this.tokens + ((now - this.at) / 1000) * this.perSecond);
    this.at = now;
    if (this.tokens < 1) return false;
    this.tokens -= 1;
    return true;
  }
}

/** The organiser's lane: a bound and a queue, and at most PER_SESSION in flight for any one session. */
class AdminLane {
  /**
   * @param {number} bound
   * @param {number} queue
   */
  constructor(bound, queue) {
    this.bound = bound;
    this.queue = queue;
    this.inFlight = 0;
    /** @type {Map<string, number>} */
    this.perSession = new Map();
    /** @type {Array<{ session: string, start: () => void }>} */
    this.waiting = [];
  }

  /** @param {string} session */
  canStart(session) {
    return this.inFlight < this.bound && (this.perSession.get(session) ?? 0) < PER_SESSION;
  }

  /**
   * @param {string} session
   * @returns {Admission | Promise<Admission>}
   */
  admit(session) {
    if (this.canStart(session)) return this.start(session);
    if (this.waiting.length >= this.queue) return { admitted: false, retryAfterSeconds: retryAfterSeconds() };
    return new Promise((resolve) => {
      this.waiting.push({ session, start: () => resolve(this.start(session)) });
    });
  }

  /**
   * @param {string} session
   * @returns {Admission}
   */
  start(session) {
    this.inFlight += 1;
    this.perSession.set(session, (this.perSession.get(session) ?? 0) + 1);
    return { admitted: true, release: once(() => this.release(session)) };
  }

  /** @param {string} session */
  release(session) {
    this.inFlight -= 1;
    const left = (this.perSession.get(session) ?? 1) - 1;
    if (left > 0) this.perSession.set(session, left);
    else this.perSession.delete(session);
    // The first waiter whose session has room: one busy browser does not hold up another's turn.
    const index = this.waiting.findIndex((waiter) => this.canStart(waiter.session));
    if (index >= 0) this.waiting.splice(index, 1)[0]?.start();
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
