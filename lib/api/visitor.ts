import { randomBytes } from "node:crypto";
import type { NextRequest, NextResponse } from "next/server";
import { getConfig } from "@/lib/config";
import { VISITOR_COOKIE, visitorIdWith } from "@/server/signed-value.mjs";
import { signValue } from "./signed-value";

/**
 * The anonymous visitor's id: 128 random bits in a signed, HttpOnly cookie. Holds and claims are tied to
 * it; nothing else about the visitor is stored. It is handed out with the first page (proxy.ts, beside the
 * csrftoken), so a visitor has it before their first tap: a tap without one is refused (428) and handed
 * one, and the page taps again (lib/client/claim-api.ts, early-tap-script.ts). Were the id made
 * with the first hold, parallel taps with no cookie would each make their own and hold a prize each.
 * Signed, so that a script cannot make up ids of its own and tap as ten visitors at once.
 */
export { VISITOR_COOKIE };

export function readVisitorId(request: NextRequest): string | undefined {
  return visitorIdWith(getConfig().authSecret, request.cookies.get(VISITOR_COOKIE)?.value);
}

/** Gives this response a new visitor's cookie. */
export function issueVisitorCookie(request: NextRequest, response: NextResponse): void {
  response.cookies.set(VISITOR_COOKIE, signValue("visitor", randomBytes(16).toString("base64url")), {
    httpOnly: true,
    sameSite: "lax",
    secure: request.nextUrl.protocol === "https:" || request.headers.get("x-forwarded-proto") === "https",
    path: "/",
    maxAge: 60 * 60 * 24 * 30,
  });
}
