import { and, asc, eq, inArray } from "drizzle-orm";
import type { Queryable } from "@/db";
import { type CatalogueTexts, catalogueTexts, prizeSettings } from "@/db/queries/catalogue-columns";
import { images, prizes, products } from "@/db/schema";

/**
 * The rows a file's keys match, with their picture's hash (a picture is compared by content). Matching is by
 * key within the import's event (the unique indexes are on event and key): the same file imported into two
 * events makes rows in each.
 */

const productColumns = {
  id: products.id,
  key: products.key,
  ...catalogueTexts(products),
  imageSha: images.sha256,
};

const prizeColumns = {
  id: prizes.id,
  key: prizes.key,
  ...catalogueTexts(prizes),
  imageSha: images.sha256,
  ...prizeSettings,
};

export type ExistingProduct = CatalogueTexts & {
  id: number;
  key: string | null;
  imageSha: string | null;
};
export type ExistingPrize = ExistingProduct & {
  totalQuantity: number;
  remainingQuantity: number;
  dailyDistribution: number;
  maintenanceCount: number;
  hourlyLimit: number | null;
  isActive: boolean;
};

const byKey = <T extends { key: string | null }>(rows: T[]) => new Map(rows.map((row) => [row.key!, row]));

/**
 * Event `eventId`'s product pages by key. `lock`: inside the import's transaction, FOR NO KEY UPDATE, which a visitor's claim
 * (KEY SHARE on its page) does not wait for.
 */
export async function productsByKey(
  db: Queryable,
  eventId: number,
  keys: string[],
  { lock }: { lock: boolean },
): Promise<Map<string, ExistingProduct>> {
  if (keys.length === 0) return new Map();
  const query = db
    .select(productColumns)
    .from(products)
    .leftJoin(images, eq(images.id, products.imageId))
    .where(and(eq(products.eventId, eventId), inArray(products.key, keys)))
    .orderBy(asc(products.id));
  return byKey<ExistingProduct>(lock ? await query.for("no key update", { of: products }) : await query);
}

/** Event `eventId`'s prizes by key. `lock`: FOR UPDATE in id order (the lock order of lib/services/README.md), as an edit takes it. */
export async function prizesByKey(
  db: Queryable,
  eventId: number,
  keys: string[],
  { lock }: { lock: boolean },
): Promise<Map<string, ExistingPrize>> {
  if (keys.length === 0) return new Map();
  const query = db
    .select(prizeColumns)
    .from(prizes)
    .leftJoin(images, eq(images.id, prizes.imageId))
    .where(and(eq(prizes.eventId, eventId), inArray(prizes.key, keys)))
    .orderBy(asc(prizes.id));
  return byKey<ExistingPrize>(lock ? await query.for("update", { of: prizes }) : await query);
}
