import { and, eq, getTableColumns, ne, sql } from "drizzle-orm";
import type { Queryable } from "@/db";
import { events, prizes, products, settings } from "@/db/schema";
import { conflict } from "@/lib/errors";
import { newUrlPath } from "@/lib/url-path";
import type { CopyEventBody } from "@/lib/validation/event";
import { text } from "@/shared/i18n/text";
import { recordAudit } from "../audit/record";
import type { ServiceContext } from "../context";
import { retryingTransaction } from "../transaction";
import { enqueueWebhooks } from "../webhooks/enqueue";
import { type EventRow, findEvent, insertDraft } from "./manage";

/** Every change of an event's status takes this lock first, so two go-lives cannot both pass the address check. */
export async function lockEvents(tx: Queryable): Promise<void> {
  await tx.select({ id: events.id }).from(events).for("update");
}

/** What a copy carries over: the source's addresses or new ones, its prizes at full stock or none. */
export type CopyOptions = { name: string; keepAddresses: boolean; withPrizes: boolean };

/**
 * Inside the caller's transaction: a draft copy of `source` (server-behaviour.md, "Several events"): its
 * settings (a new big-screen address), its product pages (new addresses, or the source's, so the printed QR
 * cards serve the copy once it goes live) and, `withPrizes`, its prizes at full stock; no placements, winners,
 * funnel or audit rows but the `event.copy` one. Answers the copy's id.
 */
async function copyEventInside(tx: Queryable, ctx: ServiceContext, source: EventRow, options: CopyOptions): Promise<number> {
  const copy = await insertDraft(tx, ctx, options.name);
  const [sourceSettings] = await tx.select().from(settings).where(eq(settings.id, source.id));
  if (!sourceSettings) throw new Error("The event's settings row is missing.");
  // A fresh display token and fresh versions: the copy's big screen and cached pages are its own.
  const {
    displayToken: _token,
    updatedAt: _updated,
    brandingUpdatedAt: _branding,
    privacyNoticeChangedAt: _notice,
    ...kept
  } = sourceSettings;
  await tx.insert(settings).values({ ...kept, id: copy });

  const { id: _pageId, eventId: _pageEvent, createdAt: _pageCreated, updatedAt: _pageUpdated, ...pageFields } = getTableColumns(products);
  const pages = await tx.select(pageFields).from(products).where(eq(products.eventId, source.id));
  if (pages.length > 0)
    await tx
      .insert(products)
      .values(pages.map((page) => ({ ...page, eventId: copy, urlPath: options.keepAddresses ? page.urlPath : newUrlPath() })));

  if (options.withPrizes) {
    const {
      id: _prizeId,
      eventId: _prizeEvent,
      createdAt: _prizeCreated,
      updatedAt: _prizeUpdated,
      todayDistributed: _today,
      distributedOn: _on,
      hourDistributed: _hour,
      distributedHour: _hourOn,
      ...prizeFields
    } = getTableColumns(prizes);
    const stock = await tx.select(prizeFields).from(prizes).where(eq(prizes.eventId, source.id));
    if (stock.length > 0)
      await tx.insert(prizes).values(stock.map((prize) => ({ ...prize, eventId: copy, remainingQuantity: prize.totalQuantity })));
  }

  await recordAudit(
    tx,
    { ...ctx, eventId: copy },
    {
      action: "event.copy",
      target: { type: "event", id: copy, name: options.name },
      changes: {
        source: { before: null, after: source.id },
        keep_addresses: { before: null, after: options.keepAddresses },
        ...(options.withPrizes ? {} : { prizes: { before: null, after: "none" } }),
      },
    },
  );
  return copy;
}

/**
 * Inside the caller's transaction, under the events' lock: closes `event` (nothing more can be held or won in
 * it; its winners, exports and desk keep working), with its audit row and its `event.closed` message. When
 * `successor` takes its place (a go-live of a copy holding its addresses) and it was the default, the
 * successor becomes the default: the calls that name no event follow it.
 */
async function closeInside(
  tx: Queryable,
  ctx: ServiceContext,
  event: Pick<EventRow, "id" | "name" | "is_default">,
  successor: number | null,
): Promise<void> {
  const [closed] = await tx
    .update(events)
    .set({ status: "closed", closedAt: sql`now()` })
    .where(eq(events.id, event.id))
    .returning({ closedAt: events.closedAt });
  if (successor !== null && event.is_default) {
    await tx.update(events).set({ isDefault: false }).where(eq(events.isDefault, true));
    await tx.update(events).set({ isDefault: true }).where(eq(events.id, successor));
  }
  await recordAudit(
    tx,
    { ...ctx, eventId: event.id },
    { action: "event.close", target: { type: "event", id: event.id, name: event.name } },
  );
  await enqueueWebhooks(tx, "event.closed", [
    {
      event: event.id,
      data: {
        event_id: event.id,
        name: event.name,
        at: (closed?.closedAt ?? new Date()).toISOString(),
        replaced_by: successor,
      },
    },
  ]);
}

/**
 * Inside the caller's transaction, under the events' lock: puts `event` live. A live event holding one of
 * its addresses is closed (at most one live event answers an address), and if that was the installation's
 * default, this one becomes it.
 */
async function goLiveInside(tx: Queryable, ctx: ServiceContext, event: EventRow): Promise<void> {
  if (event.status === "live") throw conflict(text("errors.events.alreadyLive"));
  const sharing = await tx
    .selectDistinct({ id: events.id, name: events.name, is_default: events.isDefault })
    .from(events)
    .innerJoin(products, eq(products.eventId, events.id))
    .where(
      and(
        eq(events.status, "live"),
        ne(events.id, event.id),
        sql`${products.urlPath} in (select mine.url_path from products mine where mine.event_id = ${event.id})`,
      ),
    );
  for (const other of sharing) await closeInside(tx, ctx, other, event.id);
  await tx.update(events).set({ status: "live", wentLiveAt: sql`now()`, closedAt: null }).where(eq(events.id, event.id));
  await recordAudit(
    tx,
    { ...ctx, eventId: event.id },
    { action: "event.go_live", target: { type: "event", id: event.id, name: event.name } },
  );
}

/**
 * Inside the caller's transaction, under the events' lock: closes live `event`, a live copy of it keeping its
 * addresses (and, `withPrizes`, its prizes at full stock) taking its place: "start a new event"
 * (server-behaviour.md, "A new event"). Answers the copy's id.
 */
export async function replaceWithLiveCopy(
  tx: Queryable,
  ctx: ServiceContext,
  event: EventRow,
  copy: Omit<CopyOptions, "keepAddresses">,
): Promise<number> {
  if (event.status !== "live") throw conflict(text("errors.events.notLive"));
  const id = await copyEventInside(tx, ctx, event, { ...copy, keepAddresses: true });
  await closeInside(tx, ctx, event, id);
  await goLiveInside(tx, ctx, await findEvent(tx, ctx, id));
  return id;
}

/** A draft copy of event `id` (copyEventInside), in a transaction of its own. */
export async function copyEvent({ ctx, input }: { ctx: ServiceContext; input: CopyEventBody & { id: number } }): Promise<EventRow> {
  return retryingTransaction(ctx.db, async (tx) => {
    const source = await findEvent(tx, ctx, input.id);
    const copy = await copyEventInside(tx, ctx, source, { name: input.name, keepAddresses: input.keep_addresses, withPrizes: true });
    return findEvent(tx, ctx, copy);
  });
}

/** Puts event `id` live (goLiveInside), in a transaction of its own; answers the event after it. */
export function goLive({ ctx, input }: { ctx: ServiceContext; input: { id: number } }): Promise<EventRow> {
  return retryingTransaction(ctx.db, async (tx) => {
    await lockEvents(tx);
    await goLiveInside(tx, ctx, await findEvent(tx, ctx, input.id));
    return findEvent(tx, ctx, input.id);
  });
}

/** Closes live event `id` (closeInside), in a transaction of its own; answers the event after it. */
export function closeEvent({ ctx, input }: { ctx: ServiceContext; input: { id: number } }): Promise<EventRow> {
  return retryingTransaction(ctx.db, async (tx) => {
    await lockEvents(tx);
    const event = await findEvent(tx, ctx, input.id);
    if (event.status !== "live") throw conflict(text("errors.events.notLive"));
    await closeInside(tx, ctx, event, null);
    return findEvent(tx, ctx, input.id);
  });
}
