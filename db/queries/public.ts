import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import type { Db } from "@/db";
import { perDatabase } from "@/db/per-database";
import { announcedDropAt, dropped, eventState, heldNow, prizeWinnable } from "@/db/prize-rules";
import { type EventState, images, placements, prizes, products, settings } from "@/db/schema";
import { imageUrl } from "@/lib/urls/images";
import { isUrlPath } from "@/lib/urls/products";

export type PublicProductPage = {
  id: number;
  name: string;
  description: string;
  image: string | null;
  url_path: string;
  has_prize: boolean;
  is_reserved: boolean;
  event_state: EventState;
  /** An announced drop still to come (ISO 8601): the page counts down to it; null otherwise. */
  drops_at: string | null;
};

/**
 * The page's product row, joined to its live placement (at most one) and that placement's prize. The
 * bare `is_active`, not eq(isActive, true): the URL path is the only value bound, as in the verdict read,
 * where a bound `true` had Postgres plan each run afresh (server-behaviour.md, "Prepared statements").
 */
function withLivePrize<T extends PgSelect>(query: T) {
  return query
    .leftJoin(placements, and(eq(placements.productId, products.id), sql`${placements.isActive}`))
    .leftJoin(prizes, eq(prizes.id, placements.prizeId))
    .where(eq(products.urlPath, sql.placeholder("urlPath")));
}

// has_prize only while the event is open: before its hours, after them and while paused no ticket shows;
// and only once its placement has dropped (on the database's clock). Until then an announced drop gives its
// time (while the event is open and the prize can be won), and a winning moment reads as no placement at all.
const prizeState = {
  has_prize: sql<boolean>`(coalesce(${prizeWinnable()} and ${dropped()}, false) and ${eventState()} = 'open')`,
  is_reserved: sql<boolean>`coalesce(${heldNow()}, false)`,
  event_state: eventState(),
  drops_at: sql<string | null>`(case when coalesce(${prizeWinnable()}, false) and ${eventState()} = 'open'
    then to_char(${announcedDropAt()} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end)`,
};

// Prepared once per database handle, so drizzle builds the SQL once; postgres.js then prepares it once per
// connection (Postgres no longer parses and plans it on every call). The names passed to .prepare() are
// labels only: postgres.js names its statements itself, and PGlite ignores them.
const productPageRead = perDatabase((db) =>
  withLivePrize(
    db
      .select({
        id: products.id,
        name: products.name,
        description: products.description,
        imageSha: images.sha256,
        url_path: products.urlPath,
        ...prizeState,
      })
      .from(products)
      .leftJoin(images, eq(images.id, products.imageId))
      .$dynamic(),
  ).prepare("public_product_page"),
);

/**
 * Everything the public product page shows, in one query: the product and whether a prize can be won
 * on it right now (a live placement of a winnable prize) and whether someone holds it.
 */
export async function getPublicProductPage({ db, urlPath }: { db: Db; urlPath: string }): Promise<PublicProductPage | null> {
  if (!isUrlPath(urlPath)) return null;
  const [row] = await productPageRead(db).execute({ urlPath });
  if (!row) return null;
  const { imageSha, ...page } = row;
  return { ...page, image: imageSha ? imageUrl(imageSha) : null };
}

/**
 * What the product page's HTML depends on, without its text: see app/p/[urlPath]/v/.../page.tsx.
 * `rules_version` changes with every settings write: a closed event's page shows the settings' words.
 * `branding_version` changes with every branding change: every page shows the event's name and colour.
 */
export type PublicPageState = {
  version: string;
  rules_version: string;
  branding_version: string;
  has_prize: boolean;
  is_reserved: boolean;
  event_state: EventState;
  drops_at: string | null;
  /** The database's clock when it was read (ISO 8601): the page counts down on it, not on the phone's. */
  now: string;
};

const pageStateRead = perDatabase((db) =>
  withLivePrize(
    db
      .select({
        version: sql<string>`(floor(extract(epoch from ${products.updatedAt}) * 1000000)::bigint || '-' || coalesce(${products.imageId}, 0))`,
        rules_version: sql<string>`(select floor(extract(epoch from ${settings.updatedAt}) * 1000000)::bigint::text from ${settings} where ${settings.id} = 1)`,
        branding_version: sql<string>`(select floor(extract(epoch from ${settings.brandingUpdatedAt}) * 1000000)::bigint::text from ${settings} where ${settings.id} = 1)`,
        ...prizeState,
        now: sql<string>`to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      })
      .from(products)
      .$dynamic(),
  ).prepare("public_page_state"),
);

/**
 * The product page's state: `version` changes whenever the product's name, description or picture does
 * (every edit sets updated_at; the picture is named by its id); the prize flags are those of the page.
 */
export async function getPublicPageState({ db, urlPath }: { db: Db; urlPath: string }): Promise<PublicPageState | null> {
  if (!isUrlPath(urlPath)) return null;
  const [row] = await pageStateRead(db).execute({ urlPath });
  return row ?? null;
}
