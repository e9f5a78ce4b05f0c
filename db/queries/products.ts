import "server-only";
import { and, asc, count, desc, eq, ilike, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "@/db";
import { images, placements, prizes, products } from "@/db/schema";
import { imageUrl } from "@/shared/urls/images";
import { productQrUrl } from "@/shared/urls/products";
import { type CatalogueTexts, catalogueTexts } from "./catalogue-columns";
import { likePattern } from "./like";
import { tallyOfProduct } from "./tallies";

function matchesSearch(search: string | undefined): SQL | undefined {
  if (!search) return undefined;
  const pattern = likePattern(search);
  // A printed address (`https://host/p/ab12cd34` or `/p/ab12cd34`) finds its product by the path alone.
  const pathPattern = likePattern(search.replace(/^.*\/p\//, "").replace(/\/+$/, ""));
  return or(ilike(products.name, pattern), ilike(products.description, pattern), ilike(products.urlPath, pathPattern));
}

// From the winner tallies: a few rows per page, however many winners it has.
const winnersCount = tallyOfProduct(sql`${products.id}`);

type LivePrize = { name: string; drops_at: string | null } | null;

// The page's live placement, at most one (prize_placements_one_active_per_product answers it): its prize and
// the time of a drop still to come, in UTC ISO 8601.
const livePrize = sql<LivePrize>`(select json_build_object('name', ${prizes.name}, 'drops_at',
    case when ${placements.dropsAt} > now() then to_char(${placements.dropsAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end)
  from ${placements} join ${prizes} on ${prizes.id} = ${placements.prizeId}
  where ${placements.productId} = ${products.id} and ${placements.isActive})`;

/** A product page's own words, as every read and write of them selects them: name, description, and their translations. */
export const productTexts = catalogueTexts(products);

const productColumns = {
  id: products.id,
  ...productTexts,
  imageSha256: images.sha256,
  urlPath: products.urlPath,
  winnersCount,
  livePrize,
};

type ProductSelection = CatalogueTexts & {
  id: number;
  imageSha256: string | null;
  urlPath: string;
  winnersCount: number;
  livePrize: LivePrize;
};

/** A product as every API response and admin screen shows it (spec §3). */
export type ProductView = ReturnType<typeof toProductView>;

function toProductView(row: ProductSelection) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    name_en: row.nameEn,
    name_ko: row.nameKo,
    description_en: row.descriptionEn,
    description_ko: row.descriptionKo,
    image: row.imageSha256 ? imageUrl(row.imageSha256) : null,
    qr_code: productQrUrl(row.id),
    url_path: row.urlPath,
    winners_count: row.winnersCount,
    live_prize: row.livePrize,
  };
}

/** A page of event `eventId`, by its id: another event's id finds nothing, as an unknown one does. */
const productOfEvent = (eventId: number, id: number) => and(eq(products.eventId, eventId), eq(products.id, id));

/** One page of event `eventId`'s product pages, newest first, optionally filtered by a search over name and description. */
export async function listProducts({
  db,
  eventId,
  search,
  limit,
  offset,
}: {
  db: Queryable;
  eventId: number;
  search?: string;
  limit: number;
  offset: number;
}): Promise<{ count: number; results: ProductView[] }> {
  const where = and(eq(products.eventId, eventId), matchesSearch(search));
  const [total] = await db.select({ value: count() }).from(products).where(where);
  const rows = await db
    .select(productColumns)
    .from(products)
    .leftJoin(images, eq(images.id, products.imageId))
    .where(where)
    .orderBy(desc(products.createdAt), desc(products.id))
    .limit(limit)
    .offset(offset);
  return { count: total?.value ?? 0, results: rows.map(toProductView) };
}

export async function findProduct({ db, eventId, id }: { db: Queryable; eventId: number; id: number }): Promise<ProductView | undefined> {
  const [row] = await db
    .select(productColumns)
    .from(products)
    .leftJoin(images, eq(images.id, products.imageId))
    .where(productOfEvent(eventId, id));
  return row ? toProductView(row) : undefined;
}

/** What a QR code needs: the page's secret path. */
export async function findProductUrlPath({ db, eventId, id }: { db: Queryable; eventId: number; id: number }): Promise<string | undefined> {
  const [row] = await db.select({ urlPath: products.urlPath }).from(products).where(productOfEvent(eventId, id));
  return row?.urlPath;
}

/** Event `eventId`'s product pages by name, for the printable sheet of QR codes: every one, or those `ids` names. */
export async function listProductCodes({
  db,
  eventId,
  ids = null,
}: {
  db: Queryable;
  eventId: number;
  /** Only these pages (the QR cards of one import); null: every page. */
  ids?: number[] | null;
}): Promise<{ id: number; name: string; urlPath: string }[]> {
  return db
    .select({ id: products.id, name: products.name, urlPath: products.urlPath })
    .from(products)
    .where(and(eq(products.eventId, eventId), ids === null ? undefined : inArray(products.id, ids.length > 0 ? ids : [0])))
    .orderBy(asc(products.name), asc(products.id));
}
