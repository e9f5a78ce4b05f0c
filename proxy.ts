import { NextResponse, type NextRequest } from "next/server";
import { CSRF_COOKIE, newCsrfToken } from "@/lib/api/csrf";

/**
 * Gives every visitor a `csrftoken` cookie (readable by scripts, as the spec's client expects) on the first
 * response that lacks one. The check itself happens in the route wrapper (lib/api/route.ts).
 */
export function proxy(request: NextRequest) {
  const response = NextResponse.next();
  if (!request.cookies.has(CSRF_COOKIE)) {
    response.cookies.set(CSRF_COOKIE, newCsrfToken(), {
      path: "/",
      sameSite: "lax",
      secure: request.nextUrl.protocol === "https:" || request.headers.get("x-forwarded-proto") === "https",
      httpOnly: false,
      maxAge: 60 * 60 * 24 * 365,
    });
  }
  return response;
}

export const config = {
  // Static assets and images never need the cookie.
  matcher: ["/((?!_next/static|_next/image|favicon.ico|robots.txt|api/images/).*)"],
};
