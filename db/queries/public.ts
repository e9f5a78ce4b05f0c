import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Queryable } from "@/db";
import { heldNow, prizeWinnable } from "@/db/prize-rules";
import { images, placements, prizes, products } from "@/db/schema";
import { imageUrl } from "@/urls/images";
import { isUrlPath } from "@/urls/products";

export type PublicProductPage = {
  id: number;
  name: string;
  description: string;
  image: string | null;
  url_path: string;
  has_prize: boolean;
  is_reserved: boolean;
};

/**
 * Everything the public product page shows, in one query: the product and whether a prize can be won
 * on it right now (a live placement of a winnable prize) and whether someone holds it.
 */
export async function getPublicProductPage({ db, urlPath }: { db: Queryable; urlPath: string }): Promise<PublicProductPage | null> {
  if (!isUrlPath(urlPath)) return null;
  const [row] = await db
    .select({
      id: products.id,
      name: products.name,
      description: products.description,
      imageSha: images.sha256,
      url_path: products.urlPath,
      has_prize: sql<boolean>`coalesce(${prizeWinnable()}, false)`,
      is_reserved: sql<boolean>`coalesce(${heldNow()}, false)`,
    })
    .from(products)
    .leftJoin(images, eq(images.id, products.imageId))
    .leftJoin(placements, and(eq(placements.productId, products.id), eq(placements.isActive, true)))
    .leftJoin(prizes, eq(prizes.id, placements.prizeId))
    .where(eq(products.urlPath, urlPath));
  if (!row) return null;
  const { imageSha, ...page } = row;
  return { ...page, image: imageSha ? imageUrl(imageSha) : null };
}
