// GET /api/images/{sha256}.webp[?w=480] - a stored image, at one of the served widths if asked; the name is
// its content hash, so it is cached forever (by the browser, and in this process: lib/images/serve.ts)
import { z } from "zod";
import { route } from "@/lib/api/route";
import { notFound } from "@/lib/errors";
import { servedImage } from "@/lib/images/serve";
import { MESSAGES } from "@/lib/messages";
import { wholeNumberInput } from "@/lib/validation/fields";
import { isImageWidth } from "@/shared/urls/images";

// A message key (zod messages take no values): its text names IMAGE_WIDTHS, checked by tests/integration/i18n-admin-a-api.test.ts.
const widthMessage = "validation.image.width";
const imageQuery = z.object({
  w: wholeNumberInput(widthMessage).refine(isImageWidth, widthMessage).optional(),
});

export const GET = route({ access: "public", query: imageQuery }, async ({ ctx, params, query }) => {
  const sha256 = /^([0-9a-f]{64})\.webp$/.exec(params.file ?? "")?.[1];
  if (!sha256) throw notFound(MESSAGES.imageNotFound);
  const image = await servedImage(ctx.db, sha256, query.w ?? null);
  if (!image) throw notFound(MESSAGES.imageNotFound);
  return new Response(image.data as Uint8Array<ArrayBuffer>, {
    headers: {
      "Content-Type": image.contentType,
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Length": String(image.data.byteLength),
    },
  });
});
