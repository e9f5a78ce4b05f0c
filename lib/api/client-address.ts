import type { NextRequest } from "next/server";

/**
 * The visitor's address for throttling. Behind a proxy the first X-Forwarded-For entry is the client;
 * a client talking to us directly could forge it, which is why sign-in is also throttled per name.
 */
export function clientAddress(request: NextRequest): string {
  const forwarded = request.headers.get("x-forwarded-for")?.split(",")[0]?.trim();
  return forwarded || request.headers.get("x-real-ip") || "unknown";
}
