import { encode } from "next-auth/jwt";
import { describe, expect, it } from "vitest";
import { parseCookies, SessionCheck, sessionCookie, verifiedVisitorId } from "@/server/credentials.mjs";
import { signWith } from "@/server/signed-value.mjs";

const SECRET = "s".repeat(40);
const NAME = "authjs.session-token";

async function sessionToken(claims: Record<string, unknown>, maxAge = 3600, secret = SECRET, salt = NAME) {
  return encode({ token: claims, secret, salt, maxAge });
}

describe("SessionCheck (server/credentials.mjs)", () => {
  it("believes a session Auth.js issued under this secret, naming it by its session id", async () => {
    const check = new SessionCheck(SECRET);
    const value = await sessionToken({ sessionId: "abc", name: "boss" });
    expect(await check.verify({ name: NAME, value })).toBe("abc");
  });

  it("believes nothing forged, foreign, expired or encrypted for another cookie name", async () => {
    const check = new SessionCheck(SECRET);
    expect(await check.verify({ name: NAME, value: "forged" })).toBeUndefined();
    expect(await check.verify({ name: NAME, value: await sessionToken({ sessionId: "x" }, 3600, "o".repeat(40)) })).toBeUndefined();
    expect(await check.verify({ name: NAME, value: await sessionToken({ sessionId: "x" }, -60) })).toBeUndefined();
    const secure = await sessionToken({ sessionId: "x" }, 3600, SECRET, `__Secure-${NAME}`);
    expect(await check.verify({ name: NAME, value: secure })).toBeUndefined();
    expect(await check.verify({ name: `__Secure-${NAME}`, value: secure })).toBe("x");
  });

  it("keeps a verified session for a while, and not past its expiry", async () => {
    let clock = Date.now();
    const check = new SessionCheck(SECRET, () => clock);
    const value = await sessionToken({ sessionId: "short" }, 20);
    expect(await check.verify({ name: NAME, value })).toBe("short");
    clock += 25_000;
    expect(await check.verify({ name: NAME, value })).toBeUndefined();
  });
});

describe("cookies the lane reads", () => {
  it("finds the session cookie whole or in chunks, and the visitor id only when signed", () => {
    expect(sessionCookie(parseCookies("a=1; authjs.session-token=xyz"))).toEqual({ name: NAME, value: "xyz" });
    expect(sessionCookie(parseCookies("authjs.session-token.0=ab; authjs.session-token.1=cd"))).toEqual({ name: NAME, value: "abcd" });
    expect(sessionCookie(parseCookies("next_locale=ko"))).toBeUndefined();
    const id = "AAAAAAAAAAAAAAAAAAAAAA";
    expect(verifiedVisitorId(SECRET, parseCookies(`visitor_id=${signWith(SECRET, "visitor", id)}`))).toBe(id);
    expect(verifiedVisitorId(SECRET, parseCookies(`visitor_id=${id}.${"x".repeat(43)}`))).toBeUndefined();
    expect(verifiedVisitorId(SECRET, parseCookies(`visitor_id=${signWith(SECRET, "admin-device", id)}`))).toBeUndefined();
  });
});
