import { and, asc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Queryable } from "@/db";
import { admins, type EventStatus, events, settings, winners } from "@/db/schema";
import { AppError, conflict, notFound } from "@/lib/errors";
import type { EventNameBody, SelectEventBody } from "@/lib/validation/event";
import { text } from "@/shared/i18n/text";
import { diffChanges, recordAudit } from "../audit/record";
import type { ServiceContext } from "../context";
import { retryingTransaction } from "../transaction";

export const EVENT_NOT_FOUND = text("errors.events.notFound");

// Written out with its table: drizzle writes `events.id` bare in a one-table select, where it would name the
// counted table's own `id` inside these subqueries.
const thisEvent = sql.raw(`"events"."id"`);

/** An event as the API shows it, with what it holds (server-behaviour.md, "Several events"). */
const eventColumns = {
  id: events.id,
  name: events.name,
  status: events.status,
  is_default: events.isDefault,
  created_at: events.createdAt,
  went_live_at: events.wentLiveAt,
  closed_at: events.closedAt,
  product_pages: sql<number>`(select count(*)::int from products counted where counted.event_id = ${thisEvent})`,
  prizes: sql<number>`(select count(*)::int from prizes counted where counted.event_id = ${thisEvent})`,
  // From the tallies the claim's trigger keeps: a few rows per event, not its winners.
  winners: sql<number>`(select coalesce(sum(counted.winners), 0)::int from winner_tallies counted where counted.event_id = ${thisEvent})`,
};
export type EventRow = {
  id: number;
  name: string;
  status: EventStatus;
  is_default: boolean;
  created_at: Date;
  went_live_at: Date | null;
  closed_at: Date | null;
  product_pages: number;
  prizes: number;
  winners: number;
};

/** The events this call's account may act on, as a condition (an owner or unlimited account: all). */
function visibleTo(ctx: ServiceContext): SQL | undefined {
  const allowed = ctx.admin?.eventIds;
  return allowed ? inArray(events.id, allowed.length > 0 ? allowed : [0]) : undefined;
}

/** 403 for an event this account may not act on, as on any admin call naming it (lib/api/event-scope.ts). */
function assertMayActOn(ctx: ServiceContext, id: number): void {
  const allowed = ctx.admin?.eventIds;
  if (allowed && !allowed.includes(id)) throw new AppError("forbidden", text("errors.events.notYours"));
}

export async function listEvents(ctx: ServiceContext): Promise<EventRow[]> {
  return (await ctx.db.select(eventColumns).from(events).where(visibleTo(ctx)).orderBy(asc(events.id))) as EventRow[];
}

/** Event `id`, locked for the change when `lock`; 403 when the account may not act on it, 404 when there is none. */
export async function findEvent(db: Queryable, ctx: ServiceContext, id: number, lock = false): Promise<EventRow> {
  assertMayActOn(ctx, id);
  const query = db.select(eventColumns).from(events).where(eq(events.id, id));
  const [row] = lock ? await query.for("update") : await query;
  if (!row) throw notFound(EVENT_NOT_FOUND);
  return row as EventRow;
}

const auditTarget = (event: { id: number; name: string }) => ({ type: "event", id: event.id, name: event.name });

/**
 * A new draft event with today's default settings. An account limited to events may act on the events it
 * makes: the new one joins its list.
 */
export async function createEvent({ ctx, input }: { ctx: ServiceContext; input: EventNameBody }): Promise<EventRow> {
  return retryingTransaction(ctx.db, async (tx) => {
    const id = await insertDraft(tx, ctx, input.name);
    await insertDefaultSettings(tx, id);
    const created = await findEvent(tx, ctx, id);
    await recordAudit(tx, { ...ctx, eventId: id }, { action: "event.create", target: auditTarget(created) });
    return created;
  });
}

/** Inserts a draft named `name`; an account limited to events gets it in its list. */
export async function insertDraft(tx: Queryable, ctx: ServiceContext, name: string): Promise<number> {
  const [row] = await tx.insert(events).values({ name }).returning({ id: events.id });
  if (!row) throw new Error("The insert returned no row.");
  if (ctx.admin?.eventIds)
    await tx
      .update(admins)
      .set({ eventIds: sql`array_append(${admins.eventIds}, ${row.id})` })
      .where(eq(admins.id, ctx.admin.id));
  return row.id;
}

async function insertDefaultSettings(tx: Queryable, id: number): Promise<void> {
  await tx.insert(settings).values({ id });
}

export async function renameEvent({ ctx, input }: { ctx: ServiceContext; input: EventNameBody & { id: number } }): Promise<EventRow> {
  return retryingTransaction(ctx.db, async (tx) => {
    const before = await findEvent(tx, ctx, input.id, true);
    await tx.update(events).set({ name: input.name }).where(eq(events.id, input.id));
    const after = await findEvent(tx, ctx, input.id);
    const changes = diffChanges(before, after, ["name"]);
    if (Object.keys(changes).length > 0)
      await recordAudit(tx, { ...ctx, eventId: input.id }, { action: "event.update", target: auditTarget(after), changes });
    return after;
  });
}

/** Only a draft that nobody won anything in can go: its pages, prizes and settings go with it. */
export async function deleteEvent({ ctx, input }: { ctx: ServiceContext; input: { id: number } }): Promise<void> {
  await retryingTransaction(ctx.db, async (tx) => {
    const event = await findEvent(tx, ctx, input.id, true);
    if (event.status !== "draft") throw conflict(text("errors.events.notDraft"));
    const [won] = await tx.select({ id: winners.id }).from(winners).where(eq(winners.eventId, input.id)).limit(1);
    if (won) throw conflict(text("errors.events.hasWinners"));
    await tx.delete(events).where(and(eq(events.id, input.id), eq(events.status, "draft")));
    await recordAudit(tx, { ...ctx, eventId: input.id }, { action: "event.delete", target: auditTarget(event) });
  });
}

/**
 * Event `id` becomes what this account's calls act on when they name none (admins.selected_event_id, read
 * by actingEventOf). 403 for an event the account may not act on, 404 for none; nothing changes then.
 */
export async function selectEvent({ ctx, input }: { ctx: ServiceContext; input: SelectEventBody }): Promise<EventRow> {
  const account = ctx.admin;
  if (!account) throw new Error("Selecting an event needs a signed-in account.");
  // Locked, so a delete of the draft meanwhile waits rather than failing the update's foreign key.
  return retryingTransaction(ctx.db, async (tx) => {
    const event = await findEvent(tx, ctx, input.event, true);
    await tx.update(admins).set({ selectedEventId: event.id }).where(eq(admins.id, account.id));
    return event;
  });
}
