// GET /api/images/{sha256}.webp - a stored image; the name is its content hash, so it is cached forever
import { findImage } from "@/db/queries/images";
import { route } from "@/lib/api/route";
import { notFound } from "@/lib/errors";
import { MESSAGES } from "@/lib/messages";

export const GET = route({ access: "public" }, async ({ ctx, params }) => {
  const sha256 = /^([0-9a-f]{64})\.webp$/.exec(params.file ?? "")?.[1];
  if (!sha256) throw notFound(MESSAGES.imageNotFound);
  const image = await findImage({ db: ctx.db, sha256 });
  if (!image) throw notFound(MESSAGES.imageNotFound);
  return new Response(new Uint8Array(image.data), {
    headers: {
      "Content-Type": image.contentType,
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Length": String(image.data.byteLength),
    },
  });
});
