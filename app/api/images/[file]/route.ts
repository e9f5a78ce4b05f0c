// GET /api/images/{sha256}.webp - a stored image; the name is its content hash, so it is cached forever
import { eq } from "drizzle-orm";
import { images } from "@/db/schema";
import { route } from "@/lib/api/route";
import { notFound } from "@/lib/errors";

export const GET = route({ access: "public" }, async ({ ctx, params }) => {
  const sha256 = /^([0-9a-f]{64})\.webp$/.exec(params.file ?? "")?.[1];
  if (!sha256) throw notFound("No such image.");
  const [image] = await ctx.db.select({ data: images.data, contentType: images.contentType }).from(images).where(eq(images.sha256, sha256));
  if (!image) throw notFound("No such image.");
  return new Response(new Uint8Array(image.data), {
    headers: {
      "Content-Type": image.contentType,
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Length": String(image.data.byteLength),
    },
  });
});
