import type { NextRequest, NextResponse } from "next/server";

/**
 * The anonymous visitor's id: 128 random bits in an HttpOnly cookie, set on the first reservation.
 * Holds and claims are tied to it; nothing else about the visitor is stored. Made by the reserve
 * (lib/services/claims/reserve.ts: newVisitorId) when it gives a first hold.
 */
export const VISITOR_COOKIE = "visitor_id";

export function readVisitorId(request: NextRequest): string | undefined {
  const value = request.cookies.get(VISITOR_COOKIE)?.value;
  return value && /^[A-Za-z0-9_-]{22,64}$/.test(value) ? value : undefined;
}

export function setVisitorCookie(request: NextRequest, response: NextResponse, visitorId: string): void {
  response.cookies.set(VISITOR_COOKIE, visitorId, {
    httpOnly: true,
    sameSite: "lax",
    secure: request.nextUrl.protocol === "https:" || request.headers.get("x-forwarded-proto") === "https",
    path: "/",
    maxAge: 60 * 60 * 24 * 30,
  });
}
