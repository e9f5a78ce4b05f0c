/**
 * Addresses around a product's QR code. No server code here: the admin screens build the same URLs.
 */

/** The PNG of a product's QR code. Admin-only (app/api/products/[id]/qr/route.ts): url_path is the secret. */
export function productQrUrl(productId: number): string {
  return `/api/products/${productId}/qr/`;
}

/** The public page a QR code opens: `{base}/p/{url_path}`, base without a trailing slash. */
export function productPageUrl(baseUrl: string, urlPath: string): string {
  return `${baseUrl.replace(/\/+$/, "")}/p/${encodeURIComponent(urlPath)}`;
}
