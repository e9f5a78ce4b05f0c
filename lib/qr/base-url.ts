import { getConfig } from "@/lib/config";

// A Host header is only trusted as far as its shape: a name or address with an optional port.
const HOST_SHAPE = /^[a-z0-9.-]+(:\d{1,5})?$|^\[[0-9a-f:.]+\](:\d{1,5})?$/i;

/** The address this request came in on, as the browser saw it (a reverse proxy's X-Forwarded-* first). */
export function requestOrigin(headers: Headers): string {
  const host = (headers.get("x-forwarded-host") ?? headers.get("host") ?? "").split(",")[0]!.trim();
  const proto = (headers.get("x-forwarded-proto") ?? "").split(",")[0]!.trim().toLowerCase();
  if (!HOST_SHAPE.test(host)) return "http://localhost";
  return `${proto === "https" ? "https" : "http"}://${host}`;
}

/**
 * Where QR codes point: PUBLIC_BASE_URL, else the address the admin is using right now (the admin screens
 * warn about that fallback, since a code printed from http://localhost scans to nowhere).
 */
export function qrBaseUrl(headers: Headers): { baseUrl: string; configured: boolean } {
  const configured = getConfig().publicBaseUrl;
  return configured ? { baseUrl: configured, configured: true } : { baseUrl: requestOrigin(headers), configured: false };
}
