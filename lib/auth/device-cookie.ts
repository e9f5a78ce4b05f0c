import { randomBytes } from "node:crypto";
import type { NextRequest, NextResponse } from "next/server";
import { signValue, verifiedValue } from "@/lib/api/signed-value";
import { signInNameKey } from "@/lib/services/auth/throttle";

/**
 * OWASP's device cookie: a browser where an admin name signed in gets a signed cookie naming a random
 * device id and that name. Its later sign-ins for that name are throttled per device, apart from failures
 * counted against the name elsewhere (lib/services/auth/throttle.ts). Sent only to the sign-in call (its
 * path); one per browser, for the name that signed in last. It grants nothing by itself: the password is
 * still checked.
 */
export const DEVICE_COOKIE = "admin_device";
const SIGN_IN_PATH = "/api/admin/login";
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;
const KEPT_SECONDS = 60 * 60 * 24 * 365;

/** The device id of this browser's cookie when the server gave it for `name`; null for anything else. */
export function trustedDeviceFor(request: NextRequest, name: string): string | null {
  const value = verifiedValue("admin-device", request.cookies.get(DEVICE_COOKIE)?.value);
  if (!value) return null;
  const separator = value.indexOf(".");
  const device = value.slice(0, separator);
  const nameKey = Buffer.from(value.slice(separator + 1), "base64url").toString("utf8");
  return DEVICE_ID.test(device) && nameKey === signInNameKey(name) ? device : null;
}

/** After a successful sign-in: a fresh device cookie for `name` (OWASP: issue a new one on each success). */
export function issueDeviceCookie(request: NextRequest, response: NextResponse, name: string): void {
  const device = randomBytes(16).toString("base64url");
  const nameKey = Buffer.from(signInNameKey(name), "utf8").toString("base64url");
  response.cookies.set(DEVICE_COOKIE, signValue("admin-device", `${device}.${nameKey}`), {
    httpOnly: true,
    sameSite: "strict",
    secure: request.nextUrl.protocol === "https:" || request.headers.get("x-forwarded-proto") === "https",
    path: SIGN_IN_PATH,
    maxAge: KEPT_SECONDS,
  });
}
