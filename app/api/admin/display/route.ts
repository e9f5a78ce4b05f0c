// GET /api/admin/display/ - the big screen's address and its QR code (for the placements screen; viewers read it too)
import { readDisplayToken } from "@/db/queries/display";
import { route } from "@/lib/api/route";
import { qrBaseUrl } from "@/lib/qr/base-url";
import { qrSvg } from "@/lib/qr/render";
import { READ_ROLES } from "@/shared/roles";
import { displayPath } from "@/shared/urls/display";

export const GET = route({ access: "admin", roles: READ_ROLES }, async ({ ctx, request }) => {
  const token = await readDisplayToken({ db: ctx.db, eventId: ctx.eventId });
  const url = `${qrBaseUrl(request.headers).baseUrl.replace(/\/+$/, "")}${displayPath(token)}`;
  const svg = await qrSvg(url);
  return { token, path: displayPath(token), url, qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}` };
});
