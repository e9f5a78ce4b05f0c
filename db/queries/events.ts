import { eq, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "@/db";
import { addresses, admins, events, products, settings } from "@/db/schema";

/**
 * The event an account acts on when a call names none, for the `admins` row in scope: its selected event
 * while it may still act on it, else the installation's default if it may act on that, else the first of its
 * events that exists; null when it may act on none (server-behaviour.md, "Several events").
 */
export function actingEventOf(): SQL<number | null> {
  const allowed = (id: SQL) => sql`(${admins.eventIds} is null or ${id} = any(${admins.eventIds}))`;
  return sql<number | null>`coalesce(
    (select ${events.id} from ${events} where ${events.id} = ${admins.selectedEventId} and ${allowed(sql`${events.id}`)}),
    (select ${events.id} from ${events} where ${events.isDefault} and ${allowed(sql`${events.id}`)}),
    (select min(${events.id}) from ${events} where ${events.id} = any(${admins.eventIds})))`;
}

/**
 * The event whose page answers a scan of `urlPath` (addresses), else `fallback` (an unknown address: the
 * default event's look). SQL, so the read that needs it (a page's branding, rules, consent) stays one query.
 */
export function eventOfAddress(urlPath: string, fallback: number): SQL<number> {
  return sql<number>`coalesce((select ${products.eventId} from ${addresses} join ${products} on ${products.id} = ${addresses.productId}
    where ${addresses.urlPath} = ${urlPath}), ${fallback})`;
}

/** Whether event `id` exists. */
export async function eventExists(db: Queryable, id: number): Promise<boolean> {
  const [row] = await db.select({ id: events.id }).from(events).where(eq(events.id, id));
  return row !== undefined;
}

/** Every event's time zone setting (null: APP_TIMEZONE), and which is the installation's default. */
export async function readEventClocks(db: Queryable): Promise<{ id: number; isDefault: boolean; timeZone: string | null }[]> {
  return db
    .select({ id: events.id, isDefault: events.isDefault, timeZone: settings.timeZone })
    .from(events)
    .innerJoin(settings, eq(settings.id, events.id));
}
