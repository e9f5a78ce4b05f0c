// GET /api/products/{id}/qr - PNG of the QR code that opens the product page (admins only: url_path is the secret)

import { createHash } from "node:crypto";
import { findProductUrlPath } from "@/db/queries/products";
import { parseId } from "@/lib/api/params";
import { route } from "@/lib/api/route";
import { notFound } from "@/lib/errors";
import { qrBaseUrl } from "@/lib/qr/base-url";
import { qrPng } from "@/lib/qr/render";
import { PRODUCT_NOT_FOUND } from "@/lib/services/products/update";
import { READ_ROLES } from "@/shared/roles";
import { productPageUrl } from "@/shared/urls/products";

export const GET = route({ access: "admin", roles: READ_ROLES }, async ({ ctx, params, request }) => {
  const urlPath = await findProductUrlPath({ db: ctx.db, eventId: ctx.eventId, id: parseId(params.id, PRODUCT_NOT_FOUND) });
  if (!urlPath) throw notFound(PRODUCT_NOT_FOUND);
  const target = productPageUrl(qrBaseUrl(request.headers).baseUrl, urlPath);
  // The picture depends on the encoded address only, which changes with PUBLIC_BASE_URL or the admin's
  // address: revalidate each time (cheap 304) rather than cache a code that may now point elsewhere.
  const etag = `"${createHash("sha256").update(target).digest("base64url").slice(0, 27)}"`;
  const headers = { "Cache-Control": "private, no-cache", ETag: etag, "Content-Type": "image/png" };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  const png = await qrPng(target);
  return new Response(new Uint8Array(png), { headers: { ...headers, "Content-Length": String(png.byteLength) } });
});
