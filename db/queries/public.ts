import type { Locale } from "@/shared/i18n/locales";
import { inLanguage } from "@/shared/i18n/localized";
import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { alias, type PgSelect } from "drizzle-orm/pg-core";
import type { Db } from "@/db";
import { perDatabase } from "@/db/per-database";
import { announcedDropAt, dropped, eventState, heldNow, prizeWinnable } from "@/db/prize-rules";
import { addresses, type EventState, images, placements, prizes, products, settings, winners } from "@/db/schema";
import type { MyHold, VisitorWin } from "@/shared/contracts/claims";
import type { ProductPageOfEvent } from "@/shared/contracts/product-page";
import { imageUrl } from "@/shared/urls/images";
import { isUrlPath } from "@/shared/urls/products";
import { deskLocationIn } from "./my-win";
import { productTexts } from "./products";
import { winnerStatus } from "./winners";

/**
 * The page that answers the address (`addresses`: a live event's page when one holds it), joined to its
 * live placement (at most one) and that placement's prize. The bare `is_active`, not eq(isActive, true):
 * the URL path is the only value bound, as in the verdict read, where a bound `true` had Postgres plan each
 * run afresh (server-behaviour.md, "Prepared statements"). `inEvent`: the page of that address in the
 * event named by the `eventId` placeholder instead (an admin's preview of a draft), whichever answers scans.
 */
function withLivePrize<T extends PgSelect>(query: T, inEvent = false) {
  const page = inEvent
    ? query.where(and(eq(products.urlPath, sql.placeholder("urlPath")), eq(products.eventId, sql.placeholder("eventId"))))
    : query.innerJoin(addresses, and(eq(addresses.productId, products.id), eq(addresses.urlPath, sql.placeholder("urlPath"))));
  return page
    .leftJoin(placements, and(eq(placements.productId, products.id), sql`${placements.isActive}`))
    .leftJoin(prizes, eq(prizes.id, placements.prizeId));
}

// has_prize only while the event is open: before its hours, after them and while paused no ticket shows;
// and only once its placement has dropped (on the database's clock). Until then an announced drop gives its
// time (while the event is open and the prize can be won), and a winning moment reads as no placement at all.
const hasPrize = sql<boolean>`(coalesce(${prizeWinnable()} and ${dropped()}, false) and ${eventState(products.eventId)} = 'open')`;
const dropAnnounced = sql<boolean>`(coalesce(${prizeWinnable()}, false) and ${eventState(products.eventId)} = 'open')`;
const prizeState = {
  has_prize: hasPrize,
  is_reserved: sql<boolean>`coalesce(${heldNow()}, false)`,
  event_state: eventState(products.eventId),
  drops_at: sql<string | null>`(case when ${dropAnnounced}
    then to_char(${announcedDropAt()} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end)`,
};

/**
 * The page names its prize before the tap: the setting is on and a prize can be won here, now or at its
 * announced drop, whose countdown says what drops (server-behaviour.md).
 */
const prizeShown = sql<boolean>`((select ${settings.showPrizeBeforeTap} from ${settings} where ${settings.id} = ${products.eventId})
  and (${hasPrize} or (${dropAnnounced} and ${announcedDropAt()} is not null)))`;
const prizeImages = alias(images, "prize_image");

// Prepared once per database handle, so drizzle builds the SQL once; postgres.js then prepares it once per
// connection (Postgres no longer parses and plans it on every call). The names passed to .prepare() are
// labels only: postgres.js names its statements itself, and PGlite ignores them.
const productPageSelect = (db: Db, inEvent: boolean) =>
  withLivePrize(
    db
      .select({
        id: products.id,
        eventId: products.eventId,
        ...productTexts,
        imageSha: images.sha256,
        url_path: products.urlPath,
        ...prizeState,
        prizeName: sql<string | null>`(case when ${prizeShown} then ${prizes.name} end)`,
        prizeNameEn: sql<string | null>`(case when ${prizeShown} then ${prizes.nameEn} end)`,
        prizeNameKo: sql<string | null>`(case when ${prizeShown} then ${prizes.nameKo} end)`,
        prizeImageSha: sql<string | null>`(case when ${prizeShown} then ${prizeImages.sha256} end)`,
      })
      .from(products)
      .leftJoin(images, eq(images.id, products.imageId))
      .$dynamic(),
    inEvent,
  ).leftJoin(prizeImages, eq(prizeImages.id, prizes.imageId));
const productPageRead = perDatabase((db) => productPageSelect(db, false).prepare("public_product_page"));
const productPagePreviewRead = perDatabase((db) => productPageSelect(db, true).prepare("public_product_page_preview"));

/**
 * Everything the public product page shows, in one query: the product and whether a prize can be won
 * on it right now (a live placement of a winnable prize) and whether someone holds it. The name and
 * description are the visitor's language's when the organiser gave them, else the main ones.
 */
export async function getPublicProductPage({
  db,
  urlPath,
  locale,
  previewOf,
}: {
  db: Db;
  urlPath: string;
  /** The visitor's language; none: the main name and description. */
  locale?: Locale;
  /** An admin's preview: the page of this event at the address, whether or not it answers scans. */
  previewOf?: number;
}): Promise<ProductPageOfEvent | null> {
  if (!isUrlPath(urlPath)) return null;
  const [row] =
    previewOf === undefined
      ? await productPageRead(db).execute({ urlPath })
      : await productPagePreviewRead(db).execute({ urlPath, eventId: previewOf });
  if (!row) return null;
  const { imageSha, nameEn, nameKo, descriptionEn, descriptionKo, prizeName, prizeNameEn, prizeNameKo, prizeImageSha, ...page } = row;
  const prize =
    prizeName === null
      ? null
      : {
          name: locale ? inLanguage(locale, prizeName, { en: prizeNameEn, ko: prizeNameKo }) : prizeName,
          image: prizeImageSha ? imageUrl(prizeImageSha) : null,
        };
  return {
    ...page,
    name: locale ? inLanguage(locale, page.name, { en: nameEn, ko: nameKo }) : page.name,
    description: locale ? inLanguage(locale, page.description, { en: descriptionEn, ko: descriptionKo }) : page.description,
    image: imageSha ? imageUrl(imageSha) : null,
    prize,
  };
}

/**
 * What the product page's HTML depends on, without its text: see app/p/[urlPath]/v/.../page.tsx.
 * `rules_version` changes with every settings write: a closed event's page shows the settings' words.
 * `branding_version` changes with every branding change: every page shows the event's name and colour.
 * `prize_version` names the prize the page shows before the tap (its id, edit time and picture), null when
 * it shows none (the setting off, or no prize to win here).
 */
export type PublicPageState = {
  /** The event of the page that answers the address: its rules say why a closed page is closed. */
  event_id: number;
  version: string;
  rules_version: string;
  branding_version: string;
  prize_version: string | null;
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
        event_id: products.eventId,
        version: sql<string>`(floor(extract(epoch from ${products.updatedAt}) * 1000000)::bigint || '-' || coalesce(${products.imageId}, 0))`,
        rules_version: sql<string>`(select floor(extract(epoch from ${settings.updatedAt}) * 1000000)::bigint::text from ${settings} where ${settings.id} = ${products.eventId})`,
        branding_version: sql<string>`(select floor(extract(epoch from ${settings.brandingUpdatedAt}) * 1000000)::bigint::text from ${settings} where ${settings.id} = ${products.eventId})`,
        prize_version: sql<
          string | null
        >`(case when ${prizeShown} then ${prizes.id} || '.' || floor(extract(epoch from ${prizes.updatedAt}) * 1000000)::bigint || '.' || coalesce(${prizes.imageId}, 0) end)`,
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

/**
 * The caller's own live hold of the page's prize (by their visitor cookie), as the reloaded page reads it
 * from the state call: when it ends once asked for again (a hold cut to the leaving grace gets its first
 * end back: lib/services/claims/reserve.ts) and the seconds until then. Null: they hold nothing here.
 */
export async function getMyHold({ db, urlPath, visitorId }: { db: Db; urlPath: string; visitorId: string }): Promise<MyHold | null> {
  if (!isUrlPath(urlPath)) return null;
  const ends = sql`greatest(${placements.reservedUntil}, coalesce(${placements.holdEndsAt}, ${placements.reservedUntil}))`;
  const [row] = await db
    .select({
      reservedUntil: sql<Date>`${ends}`.mapWith(placements.reservedUntil),
      secondsLeft: sql<number>`ceil(extract(epoch from ${ends} - now()))::int`,
    })
    .from(placements)
    .innerJoin(addresses, eq(addresses.productId, placements.productId))
    .where(
      and(
        eq(addresses.urlPath, urlPath),
        sql`${placements.isActive}`,
        eq(placements.reservedBy, visitorId),
        sql`${placements.reservedUntil} > now()`,
      ),
    );
  return row ? { reserved_until: row.reservedUntil.toISOString(), seconds_left: row.secondsLeft } : null;
}

/** More than any phone wins at one event; the list stays a strip. */
const VISITOR_WINS_MAX = 20;

/** A visitor's wins (by their visitor cookie's id; winners_visitor_idx), newest first. */
export async function getVisitorWins({ db, visitorId, locale }: { db: Db; visitorId: string; locale: Locale }): Promise<VisitorWin[]> {
  const rows = await db
    .select({
      prizeName: winners.prizeName,
      productName: winners.productName,
      urlPath: products.urlPath,
      wonAt: winners.createdAt,
      isReceived: winners.isReceived,
      receivedAt: winners.receivedAt,
      status: winnerStatus(),
      collectBy: winners.collectBy,
      expiredAt: winners.expiredAt,
      deskLocation: deskLocationIn(locale),
    })
    .from(winners)
    .leftJoin(products, eq(products.id, winners.productId))
    .where(eq(winners.visitorId, visitorId))
    .orderBy(desc(winners.createdAt), desc(winners.id))
    .limit(VISITOR_WINS_MAX);
  return rows.map((row) => ({
    prize_name: row.prizeName,
    product_name: row.productName,
    url_path: row.urlPath,
    won_at: row.wonAt.toISOString(),
    is_received: row.isReceived,
    received_at: row.receivedAt?.toISOString() ?? null,
    status: row.status,
    collect_by: row.collectBy?.toISOString() ?? null,
    expired_at: row.expiredAt?.toISOString() ?? null,
    desk_location: row.deskLocation,
  }));
}
