import type { NextRequest } from "next/server";

/**
 * The visitor's address for sign-in throttling: the last X-Forwarded-For entry, which the proxy in front
 * of the app appended (earlier entries are whatever the client chose to send). With no proxy in front, a
 * client can write that header itself, which is why sign-in is also throttled per name.
 */
export function clientAddress(request: NextRequest): string {
  const forwarded = request.headers.get("x-forwarded-for")?.split(",").at(-1)?.trim();
  return forwarded || request.headers.get("x-real-ip") || "unknown";
}
