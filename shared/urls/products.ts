/**
 * Addresses around a product page and its QR code. Pure: db/ queries, the server and the admin screens
 * build the same URLs from here.
 */

/** The PNG of a product's QR code. Admin-only (app/api/products/[id]/qr/route.ts): url_path is the secret. */
export function productQrUrl(productId: number): string {
  return `/api/products/${productId}/qr/`;
}

/** The public page a QR code opens: `{base}/p/{url_path}`, base without a trailing slash. */
export function productPageUrl(baseUrl: string, urlPath: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/p/${encodeURIComponent(urlPath)}`;
}

/** Could this be a product page's path? Anything else cannot exist, so it is simply not found. */
export function isUrlPath(value: string | undefined): value is string {
  return typeof value === "string" && /^[A-Za-z0-9]{8,32}$/.test(value);
}

/** A product page's own path on this site (`/p/{url_path}`). */
export function productPagePath(urlPath: string): string {
  return `/p/${encodeURIComponent(urlPath)}`;
}

/** The privacy notice, read from a product page: it links back to that page (`from`). */
export function privacyNoticePath(fromUrlPath?: string): string {
  return fromUrlPath ? `/privacy?from=${encodeURIComponent(fromUrlPath)}` : "/privacy";
}
