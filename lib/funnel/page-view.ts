/**
 * Is this request a visitor opening a product page (a scan), rather than a prefetch, a React Server
 * Components fetch made by the app's own client, or a HEAD? Only then does it count in the funnel.
 * Header names are those Next.js's router and browsers send for prefetches.
 */
export function isVisitorPageView(method: string, headers: Headers): boolean {
  if (method !== "GET") return false;
  if (headers.has("rsc") || headers.has("next-router-prefetch") || headers.has("next-router-state-tree")) return false;
  const purpose = `${headers.get("purpose") ?? ""} ${headers.get("sec-purpose") ?? ""} ${headers.get("x-purpose") ?? ""}`;
  return !/prefetch|preview/i.test(purpose);
}
