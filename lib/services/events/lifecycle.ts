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
import { type EventRow, findEvent, insertDraft } from "./manage";

/** Every change of an event's status takes this lock first, so two go-lives cannot both pass the address check. */
async function lockEvents(tx: Queryable): Promise<void> {
  await tx.select({ id: events.id }).from(events).for("update");
}

/**
 * A draft copy of event `id` (server-behaviour.md, "Several events"): its settings (a new big-screen
 * address), its product pages (new addresses, or with `keep_addresses` the source's, so the printed QR cards
 * serve the copy once it goes live) and its prizes at full stock; no placements, winners, funnel or audit rows.
 */
export async function copyEvent({ ctx, input }: { ctx: ServiceContext; input: CopyEventBody & { id: number } }): Promise<EventRow> {
  return retryingTransaction(ctx.db, async (tx) => {
    const source = await findEvent(tx, ctx, input.id);
    const copy = await insertDraft(tx, ctx, input.name);
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
        .values(pages.map((page) => ({ ...page, eventId: copy, urlPath: input.keep_addresses ? page.urlPath : newUrlPath() })));

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

    const made = await findEvent(tx, ctx, copy);
    await recordAudit(
      tx,
      { ...ctx, eventId: copy },
      {
        action: "event.copy",
        target: { type: "event", id: copy, name: made.name },
        changes: { source: { before: null, after: source.id }, keep_addresses: { before: null, after: input.keep_addresses } },
      },
    );
    return made;
  });
}

/**
 * One change of event `id`'s status: under the events' lock, `change` checks the event as it stands and
 * writes; the answer is the event after it, with the audit row naming the change.
 */
function changeStatus(
  ctx: ServiceContext,
  id: number,
  action: "event.go_live" | "event.close",
  change: (tx: Queryable, event: EventRow) => Promise<void>,
): Promise<EventRow> {
  return retryingTransaction(ctx.db, async (tx) => {
    await lockEvents(tx);
    await change(tx, await findEvent(tx, ctx, id));
    const after = await findEvent(tx, ctx, id);
    await recordAudit(tx, { ...ctx, eventId: id }, { action, target: { type: "event", id: after.id, name: after.name } });
    return after;
  });
}

/**
 * Puts event `id` live. A live event holding one of its addresses is closed in the same transaction (at most
 * one live event answers an address), and if that was the installation's default, this one becomes it.
 */
export function goLive({ ctx, input }: { ctx: ServiceContext; input: { id: number } }): Promise<EventRow> {
  return changeStatus(ctx, input.id, "event.go_live", async (tx, event) => {
    if (event.status === "live") throw conflict(text("errors.events.alreadyLive"));
    const sharing = await tx
      .selectDistinct({ id: events.id, name: events.name, isDefault: events.isDefault })
      .from(events)
      .innerJoin(products, eq(products.eventId, events.id))
      .where(
        and(
          eq(events.status, "live"),
          ne(events.id, input.id),
          sql`${products.urlPath} in (select mine.url_path from products mine where mine.event_id = ${input.id})`,
        ),
      );
    for (const other of sharing) {
      await tx.update(events).set({ status: "closed", closedAt: sql`now()` }).where(eq(events.id, other.id));
      await recordAudit(
        tx,
        { ...ctx, eventId: other.id },
        { action: "event.close", target: { type: "event", id: other.id, name: other.name } },
      );
    }
    if (sharing.some((other) => other.isDefault)) {
      await tx.update(events).set({ isDefault: false }).where(eq(events.isDefault, true));
      await tx.update(events).set({ isDefault: true }).where(eq(events.id, input.id));
    }
    await tx.update(events).set({ status: "live", wentLiveAt: sql`now()`, closedAt: null }).where(eq(events.id, input.id));
  });
}

/** Closes a live event: nothing more can be held or won in it; its winners, exports and desk keep working. */
export function closeEvent({ ctx, input }: { ctx: ServiceContext; input: { id: number } }): Promise<EventRow> {
  return changeStatus(ctx, input.id, "event.close", async (tx, event) => {
    if (event.status !== "live") throw conflict(text("errors.events.notLive"));
    await tx.update(events).set({ status: "closed", closedAt: sql`now()` }).where(eq(events.id, input.id));
  });
}
