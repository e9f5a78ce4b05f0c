import { type NextRequest, NextResponse } from "next/server";
import { CSRF_COOKIE, newCsrfToken } from "@/lib/api/csrf";
import { issueVisitorCookie, VISITOR_COOKIE } from "@/lib/api/visitor";
import { ADMIN_PATH_HEADER } from "@/lib/auth/next-path";
import { localeOfRequest } from "@/lib/i18n/request-locale";
import { rewriteToCachedPage } from "@/lib/public-page";
import { isBelowProductPage, productPagePathOf } from "@/shared/urls/public-page-cache";

/**
 * Gives every visitor a `csrftoken` cookie (readable by scripts, as the spec's client expects) on the first
 * response that lacks one, and their visitor id (lib/api/visitor.ts) likewise, so that they have it before
 * their first tap. Never on a product page itself: its HTML is the same bytes for every visitor in one state
 * and language, so nginx (or a CDN) can answer a scan from its cache; the page's first state call, an API
 * call, brings the cookies (and a tap made before it is answered 428 with them: lib/api/route.ts). The CSRF
 * check happens in the route wrapper. Admin pages also get their path in a request header, so a signed-out
 * admin is sent back there after signing in. A visitor's product page is served from its cached copy for the
 * page's current state (lib/public-page.ts).
 */
export async function proxy(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  // The cached product pages' addresses are reached only through the rewrite below (which this does not see).
  if (isBelowProductPage(pathname)) return notFoundPage(request);
  const init = requestHeaders(request, pathname, search);
  const response = isPage(pathname) ? await pageInLanguage(request, init) : NextResponse.next(init);
  if (isProductPageRead(request, pathname)) return response;
  if (!request.cookies.has(CSRF_COOKIE)) {
    response.cookies.set(CSRF_COOKIE, newCsrfToken(), {
      path: "/",
      sameSite: "lax",
      secure: request.nextUrl.protocol === "https:" || request.headers.get("x-forwarded-proto") === "https",
      httpOnly: false,
      maxAge: 60 * 60 * 24 * 365,
    });
  }
  if (!request.cookies.has(VISITOR_COOKIE)) issueVisitorCookie(request, response);
  return response;
}

/** A GET or HEAD of /p/{urlPath}: the page every visitor shares, answered without a cookie. */
function isProductPageRead(request: NextRequest, pathname: string): boolean {
  return (request.method === "GET" || request.method === "HEAD") && productPagePathOf(pathname) !== null;
}

/** Pages (not the API, not files such as /icon.svg): each is served from app/[locale]/ in the reader's language. */
function isPage(pathname: string): boolean {
  return !pathname.startsWith("/api/") && !pathname.startsWith("/_next/") && !pathname.includes(".");
}

/**
 * The page in the reader's language (shared/i18n/locales.ts): rewritten to app/[locale]/..., so the address
 * never carries the language. A visitor's product page goes to its cached copy for that language and state.
 */
async function pageInLanguage(request: NextRequest, init: { request: { headers: Headers } } | undefined): Promise<NextResponse> {
  const locale = localeOfRequest(request);
  const { pathname, search } = request.nextUrl;
  // An admin's preview of an event's page (`?event=`) is never a cached copy: the page checks who asks.
  const preview = request.nextUrl.searchParams.has("event");
  const urlPath = (request.method === "GET" || request.method === "HEAD") && !preview ? productPagePathOf(pathname) : null;
  const cached = urlPath ? await rewriteToCachedPage(request, urlPath, locale, init) : null;
  return cached ?? NextResponse.rewrite(new URL(`/${locale}${pathname}${search}`, request.url), init);
}

/**
 * Admin layouts redirect to sign-in with the page asked for (a layout cannot read the URL itself), so an
 * admin page gets its path in a request header; anywhere else a visitor's copy of that header is dropped.
 * Other requests go on unchanged: rewriting the request's headers costs Next.js work on every scan.
 */
function requestHeaders(request: NextRequest, pathname: string, search: string): { request: { headers: Headers } } | undefined {
  const isAdmin = pathname.startsWith("/admin");
  if (!isAdmin && !request.headers.has(ADMIN_PATH_HEADER)) return undefined;
  const headers = new Headers(request.headers);
  if (isAdmin) headers.set(ADMIN_PATH_HEADER, `${pathname}${search}`);
  else headers.delete(ADMIN_PATH_HEADER);
  return { request: { headers } };
}

/**
 * The one not-found screen (components/public/not-found-screen.tsx) for the few addresses the proxy refuses
 * itself: rewritten to an address no page has, so the app answers 404 with it in the reader's language.
 */
function notFoundPage(request: NextRequest): NextResponse {
  return NextResponse.rewrite(new URL(`/${localeOfRequest(request)}/not-found/404`, request.url));
}

// Next.js reads this at build time: literal values only (a constant from elsewhere would be ignored).
export const config = {
  matcher: [
    {
      // Pages: admin pages need their path, a first visit the cookie. Static assets never need it.
      source: "/((?!_next/static|_next/image|favicon.ico|robots.txt|api/).*)",
      // Uploads bypass the proxy: when a proxy runs, Next.js buffers the request body in memory (and cuts it
      // at 10 MB), so a 20 MB image would be truncated and an oversize one read before the route refuses it.
      // An upload needs the CSRF cookie already, so it has nothing to gain here.
      missing: [{ type: "header", key: "content-type", value: "multipart/form-data.*" }],
    },
    {
      // The API only without the CSRF cookie (CSRF_COOKIE): setting it is all the proxy does there, and a
      // crowd's calls then skip its cost (for a POST, Next.js also copies the body for the proxy to read).
      source: "/api/((?!images/).*)",
      missing: [
        { type: "header", key: "content-type", value: "multipart/form-data.*" },
        { type: "cookie", key: "csrftoken" },
      ],
    },
    // Product pages always, whatever the request says it carries: nothing is uploaded there, and the
    // cached copies below them must never be reached past the check above.
    { source: "/p/:path*" },
  ],
};
