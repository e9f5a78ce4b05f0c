import type { NextRequest } from "next/server";
import { getConfig } from "@/lib/config";

/**
 * The visitor's address for sign-in throttling. The app's server (server.mjs) appends
 * the connection's address to X-Forwarded-For, as every proxy does, so the last entry is always the real
 * peer and anything before it is whatever that peer wrote. With TRUSTED_PROXY_HOPS=N proxies in front,
 * each appending the address it saw, the client is the entry N places before the last; entries further
 * left were written by the client and are never believed.
 */
export function clientAddress(request: NextRequest, trustedHops = getConfig().trustedProxyHops): string {
  const entries = (request.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const address = entries[Math.max(0, entries.length - 1 - trustedHops)];
  return address ? address.slice(0, 100) : "unknown";
}
