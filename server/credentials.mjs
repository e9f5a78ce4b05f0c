// @ts-check
// What the server entry believes about a request before the app sees it, from its cookies alone (no
// database): an organiser's session that verifies, and a visitor's signed id. The lane (server/lane.mjs)
// decides on these; a cookie that merely looks like one earns nothing.
import { decode } from "next-auth/jwt";
import { VISITOR_COOKIE, visitorIdWith } from "./signed-value.mjs";

/** Auth.js's session cookie: over plain HTTP, and with the __Secure- prefix over HTTPS; chunked as name.0, name.1. */
const SESSION_COOKIE_NAMES = ["authjs.session-token", "__Secure-authjs.session-token"];
/** A verified session is believed this long without decrypting it again (an organiser's screen asks often). */
const SESSION_KEPT_MS = 30_000;
/** Sessions remembered at once; beyond it the oldest is forgotten (and decrypted again when it comes back). */
const MAX_KEPT_SESSIONS = 1_000;
/** Longer cookies are nobody's session (Auth.js's JWE of our few claims is well under 1 KB). */
const MAX_SESSION_COOKIE_LENGTH = 8_192;

/**
 * Each cookie's value by name, at most 50 cookies, the first of a repeated name.
 * @param {string | undefined} header
 * @returns {Map<string, string>}
 */
export function parseCookies(header) {
  /** @type {Map<string, string>} */
  const cookies = new Map();
  if (!header) return cookies;
  for (const part of header.split(";", 50)) {
    const equals = part.indexOf("=");
    if (equals < 1) continue;
    const name = part.slice(0, equals).trim();
    if (!cookies.has(name)) cookies.set(name, part.slice(equals + 1).trim());
  }
  return cookies;
}

/**
 * The session cookie's name and whole value (chunks joined in order), or undefined when none came.
 * @param {Map<string, string>} cookies
 */
export function sessionCookie(cookies) {
  for (const name of SESSION_COOKIE_NAMES) {
    const whole = cookies.get(name);
    if (whole) return { name, value: whole };
    let joined = "";
    for (let chunk = 0; cookies.has(`${name}.${chunk}`); chunk += 1) joined += cookies.get(`${name}.${chunk}`);
    if (joined) return { name, value: joined };
  }
  return undefined;
}

/** The organiser's sessions that verified lately: the cookie's value -> its session key and how long it is believed. */
export class SessionCheck {
  /**
   * @param {string} secret AUTH_SECRET
   * @param {() => number} now milliseconds (a test moves it)
   */
  constructor(secret, now = Date.now) {
    this.secret = secret;
    this.now = now;
    /** @type {Map<string, { key: string, until: number }>} */
    this.kept = new Map();
  }

  /**
   * The session's key (one per signed-in browser) when the cookie is a session Auth.js issued under this
   * secret and not expired; undefined for a forged, expired or foreign one.
   * @param {{ name: string, value: string }} cookie
   * @returns {Promise<string | undefined>}
   */
  async verify(cookie) {
    const now = this.now();
    const kept = this.kept.get(cookie.value);
    if (kept && kept.until > now) return kept.key;
    if (kept) this.kept.delete(cookie.value);
    if (cookie.value.length > MAX_SESSION_COOKIE_LENGTH) return undefined;
    /** @type {Record<string, unknown> | null} */
    let payload;
    try {
      // The cookie's name is the key derivation's salt, as Auth.js encodes it; jose checks `exp`.
      payload = await decode({ token: cookie.value, secret: this.secret, salt: cookie.name });
    } catch {
      return undefined;
    }
    const expires = typeof payload?.exp === "number" ? payload.exp * 1000 : undefined;
    if (!payload || expires === undefined || expires <= now) return undefined;
    const key = typeof payload.sessionId === "string" ? payload.sessionId : typeof payload.jti === "string" ? payload.jti : cookie.value;
    if (this.kept.size >= MAX_KEPT_SESSIONS) {
      const oldest = this.kept.keys().next().value;
      if (oldest !== undefined) this.kept.delete(oldest);
    }
    this.kept.set(cookie.value, { key, until: Math.min(expires, now + SESSION_KEPT_MS) });
    return key;
  }
}

/**
 * The visitor's id when their cookie carries one this server signed; undefined otherwise.
 * @param {string} secret
 * @param {Map<string, string>} cookies
 */
export function verifiedVisitorId(secret, cookies) {
  return visitorIdWith(secret, cookies.get(VISITOR_COOKIE));
}
