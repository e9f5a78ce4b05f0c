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

/**
 * The printable QR cards of these product pages only, `?ids=` as ranges (`12-1011,1040`): pages one import
 * created have consecutive ids, so even 2,000 of them stay a short address (a proxy's header limit is 8 kB).
 */
export function productCardsUrl(productIds: readonly number[]): string {
  const sorted = [...new Set(productIds)].sort((a, b) => a - b);
  const ranges: string[] = [];
  for (let index = 0; index < sorted.length; ) {
    let end = index;
    while (end + 1 < sorted.length && sorted[end + 1] === sorted[end]! + 1) end += 1;
    ranges.push(end === index ? String(sorted[index]) : `${sorted[index]}-${sorted[end]}`);
    index = end + 1;
  }
  return `/admin/products/print?ids=${ranges.join(",")}`;
}

/** Most ids a cards address may name: the import's limit of 2,000 rows, twice over. */
const MAX_CARD_IDS = 4000;

/** The ids a cards address names (`productCardsUrl`), or null for every page; anything unreadable is no id. */
export function productIdsOfCards(ids: string | undefined): number[] | null {
  if (ids === undefined) return null;
  const found = new Set<number>();
  for (const part of ids.split(",")) {
    const match = /^(\d{1,10})(?:-(\d{1,10}))?$/.exec(part.trim());
    if (!match) continue;
    const from = Number(match[1]);
    const to = match[2] === undefined ? from : Number(match[2]);
    for (let id = from; id <= to && found.size < MAX_CARD_IDS; id += 1) found.add(id);
  }
  return [...found];
}
