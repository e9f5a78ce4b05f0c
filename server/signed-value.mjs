// @ts-check
// Values the server hands out in cookies and must recognise as its own when they come back (the visitor's id,
// an admin's device): `value.signature`, an HMAC-SHA256 under AUTH_SECRET, keyed by what the value is for, so
// one kind can never pass as another. A client can keep or drop such a value, never make one up. Plain
// JavaScript: the server entry checks a claim's visitor cookie before admitting it (server/lane.mjs), the app
// everywhere else (lib/api/signed-value.ts).
import { createHmac, timingSafeEqual } from "node:crypto";

/** @typedef {"visitor" | "admin-device"} SignedPurpose */

const SIGNATURE_LENGTH = 43; // base64url of 32 bytes

/**
 * @param {string} secret
 * @param {SignedPurpose} purpose
 * @param {string} value
 */
function signature(secret, purpose, value) {
  return createHmac("sha256", secret).update(`${purpose}\n${value}`).digest("base64url");
}

/**
 * @param {string} secret
 * @param {SignedPurpose} purpose
 * @param {string} value
 */
export function signWith(secret, purpose, value) {
  return `${value}.${signature(secret, purpose, value)}`;
}

/**
 * The value inside `signed` if the server signed it for this purpose; undefined for anything else.
 * @param {string} secret
 * @param {SignedPurpose} purpose
 * @param {string | undefined} signed
 */
export function verifiedWith(secret, purpose, signed) {
  if (!signed || signed.length > 512) return undefined;
  const dot = signed.lastIndexOf(".");
  const value = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1));
  if (dot < 1 || given.length !== SIGNATURE_LENGTH) return undefined;
  return timingSafeEqual(given, Buffer.from(signature(secret, purpose, value))) ? value : undefined;
}

/** The anonymous visitor's id cookie (lib/api/visitor.ts says why it is signed). */
export const VISITOR_COOKIE = "visitor_id";
/** 128 random bits, base64url. */
const VISITOR_ID = /^[A-Za-z0-9_-]{22}$/;

/**
 * The visitor's id in a cookie value when this server signed it; undefined otherwise.
 * @param {string} secret
 * @param {string | undefined} cookieValue
 */
export function visitorIdWith(secret, cookieValue) {
  const id = verifiedWith(secret, "visitor", cookieValue);
  return id && VISITOR_ID.test(id) ? id : undefined;
}
