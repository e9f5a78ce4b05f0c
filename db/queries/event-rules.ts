import { eq, type SQL, sql } from "drizzle-orm";
import type { Db, Queryable } from "@/db";
import { eventState, eventZone } from "@/db/prize-rules";
import { type EventState, settings, type WinsPerVisitor } from "@/db/schema";
import { RecentReads } from "@/shared/async/recent-reads";

/** The event's rules as stored, and where the event stands now (server-behaviour.md, "The event's rules"). */
export type EventRules = {
  state: EventState;
  startsAt: Date | null;
  endsAt: Date | null;
  paused: boolean;
  pauseMessage: string | null;
  winsPerVisitor: WinsPerVisitor;
  /** The event's clock (the setting, else the session's zone: APP_TIMEZONE): opening times are said in it. */
  timeZone: string;
  /** Changes with every settings write: the visitor page's cached copies are named by it. */
  version: string;
};

/** One read of the event's settings row: the rules, the state computed by the database's clock. */
export async function readEventRules(db: Queryable, eventId: number | SQL<number>): Promise<EventRules> {
  const [row] = await db
    .select({
      state: eventState(eventId),
      startsAt: settings.eventStartsAt,
      endsAt: settings.eventEndsAt,
      paused: settings.paused,
      pauseMessage: settings.pauseMessage,
      winsPerVisitor: settings.winsPerVisitor,
      timeZone: eventZone(eventId),
      version: sql<string>`floor(extract(epoch from ${settings.updatedAt}) * 1000000)::bigint::text`,
    })
    .from(settings)
    .where(eq(settings.id, eventId));
  if (!row) throw new Error("The settings row is missing: the migrations create it.");
  return row;
}

/** Which event's rules, as of which settings version (null: unknown, read afresh). */
export type RulesOf = { eventId: number; version: string | null };

// A crowd's refusals while paused (or before the opening) each need the rules' words: they share one read
// per settings version (the version comes with the read that refused them, so a change is seen at once).
const rulesByVersion = new RecentReads<EventRules>(60_000, 4);

/** The event's rules, read once per settings version per event and instance; with no version known, read afresh. */
export async function eventRulesAt(db: Db, { eventId, version }: RulesOf): Promise<EventRules> {
  if (version === null) return readEventRules(db, eventId);
  const read = () => readEventRules(db, eventId);
  return (await rulesByVersion.get(`${eventId}:${version}`, read)) ?? read();
}
