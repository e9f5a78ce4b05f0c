import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { type ExtractTablesWithRelations, sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { acquireDataDirLock } from "./data-dir-lock";
import { OutageWatch } from "./outage-watch";
import * as schema from "./schema";

type Schema = typeof schema;
/** The one database type the app codes against, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that runs queries: the database or a transaction inside it. */
export type Queryable = Db | Tx;

export type DatabaseHandle = {
  kind: "postgres" | "embedded";
  db: Db;
  /**
   * The same database through connections of the organiser's own (Postgres): the admin's calls never
   * queue behind a crowd of visitors' queries for one of `db`'s connections. PGlite: `db` itself.
   */
  organiserDb: Db;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  /**
   * Hears NOTIFY on `channel` (from any instance: Postgres LISTEN on a connection of its own, which
   * postgres.js makes again and listens again on after a loss, calling `onListening` each time; PGlite:
   * its own process's). Resolves to the function that stops listening.
   */
  listen(channel: string, onNotify: () => void, onListening: () => void): Promise<() => Promise<void>>;
  /**
   * Moves every later query's session to time zone `zone` (the event's clock, a setting: lib/event/time-zone.ts).
   * Postgres: new pools whose connections carry it replace `db` and `organiserDb`; the old ones finish what
   * they run and close once no request can still hold them. PGlite: its one session is set.
   */
  setTimeZone(zone: string): void;
  close(): Promise<void>;
};

/** Where the data lives: a Postgres server, or the embedded PGlite database in a folder. */
export type DatabaseTarget = { kind: "postgres"; url: string; poolSize?: number } | { kind: "embedded"; dataDir: string };

/**
 * Settings every session of the app's database carries. `timeZone` is APP_TIMEZONE: the sessions start on
 * it (then follow the event's setting: setTimeZone) and keep it as `app.default_time_zone`, the zone an
 * empty setting means (db/prize-rules.ts eventZone()), so SQL builders never need the configuration.
 */
export type SessionSettings = { timeZone: string };

/** The session setting that holds APP_TIMEZONE, whatever zone the session is on. */
const DEFAULT_TIME_ZONE_SETTING = "app.default_time_zone";
/** What the app hears from the database layer: every failed query or transaction (Postgres), for its metrics. */
export type DatabaseHooks = { onFailure?: (error: unknown) => void };

/** Visitors' connections per instance unless the target says (DATABASE_POOL_SIZE). */
const DEFAULT_POOL_SIZE = 10;
/** The organiser's connections, beside the visitors' pool: a few admins' screens and buttons at a time. */
const ORGANISER_POOL_SIZE = 3;
const CONNECT_TIMEOUT_SECONDS = 2;
/** Longer than any honest query of the app (the largest Excel export reads in pages). */
export const STATEMENT_TIMEOUT_MS = 15_000;
/**
 * How long a pool connection that failed waits before it is made again. postgres.js's default backs off
 * up to 20 s after repeated failures (during an outage): requests queued behind it waited that long, and
 * service came back that long after the database did. Failing fast is the outage watch's job.
 */
const RECONNECT_DELAY_SECONDS = 0.05;
/** Pools left behind by a change of the time zone close this long after it: longer than any request runs. */
const RETIRED_POOL_GRACE_MS = 60_000;

export function openDatabase(target: DatabaseTarget, session: SessionSettings, hooks: DatabaseHooks = {}): DatabaseHandle {
  if (target.kind === "postgres") {
    // onnotice: postgres.js prints server NOTICEs (e.g. "relation already exists") by default.
    // The timeouts keep a database outage short for visitors: a connection that cannot be made within
    // CONNECT_TIMEOUT_SECONDS fails (the request answers 503), and no statement or idle transaction
    // holds a connection for ever. A database lost without a word (nothing refused, nothing answered) is
    // found by the outage watch within about a second (db/outage-watch.ts).
    const watch = new OutageWatch(target.url, hooks.onFailure);
    const open = (max: number, timeZone: string) =>
      postgres(target.url, {
        max,
        onnotice: () => {},
        connect_timeout: CONNECT_TIMEOUT_SECONDS,
        backoff: () => RECONNECT_DELAY_SECONDS,
        // postgres.js's own option, missing from its types: the sockets the watch can drop.
        ...({ socket: watch.openSocket } as object),
        connection: {
          TimeZone: timeZone,
          [DEFAULT_TIME_ZONE_SETTING]: session.timeZone,
          statement_timeout: STATEMENT_TIMEOUT_MS,
          idle_in_transaction_session_timeout: STATEMENT_TIMEOUT_MS,
        },
      });
    const drizzleOver = (sql: postgres.Sql) =>
      drizzlePostgres({ client: watch.follow(sql), schema, casing: "snake_case" }) as unknown as Db;
    // The pools carry the session's time zone, which moves with the event's setting: they are replaced then.
    // LISTEN has a client of its own (postgres.js gives it its own connection), which no change closes.
    const pools = (timeZone: string) => {
      const client = open(target.poolSize ?? DEFAULT_POOL_SIZE, timeZone);
      // Never more than the visitors' pool: an instance told to use few connections uses few.
      const organiserClient = open(Math.min(ORGANISER_POOL_SIZE, target.poolSize ?? DEFAULT_POOL_SIZE), timeZone);
      return { timeZone, client, organiserClient, db: drizzleOver(client), organiserDb: drizzleOver(organiserClient) };
    };
    let current = pools(session.timeZone);
    const listener = open(1, session.timeZone);
    const retired = new Set<ReturnType<typeof pools>>();
    const endPools = (old: ReturnType<typeof pools>) =>
      Promise.all([old.client.end({ timeout: 5 }), old.organiserClient.end({ timeout: 5 })]).then(() => {});
    return {
      kind: "postgres",
      get db() {
        return current.db;
      },
      get organiserDb() {
        return current.organiserDb;
      },
      ping: async () => void (await current.client`select 1`),
      listen: async (channel, onNotify, onListening) => {
        const { unlisten } = await listener.listen(channel, onNotify, onListening);
        return unlisten;
      },
      setTimeZone: (zone) => {
        if (zone === current.timeZone) return;
        const old = current;
        current = pools(zone);
        retired.add(old);
        // A request that began before the change may still run on the old pools: they close later.
        setTimeout(() => {
          retired.delete(old);
          void endPools(old).catch(() => {});
        }, RETIRED_POOL_GRACE_MS).unref();
      },
      close: async () => {
        await watch.close();
        await Promise.all([endPools(current), ...[...retired].map(endPools), listener.end({ timeout: 5 })]);
      },
    };
  }
  const releaseLock = acquireDataDirLock(target.dataDir);
  // pg_trgm: the winners search indexes (drizzle/0005); Postgres servers have it from contrib.
  const client = new PGlite(path.join(target.dataDir, "pglite"), { extensions: { pg_trgm } });
  // One connection, and PGlite runs queries in order: this runs before anything else does.
  void client.query("select set_config('TimeZone', $1, false), set_config($2, $1, false)", [session.timeZone, DEFAULT_TIME_ZONE_SETTING]);
  const db = drizzlePglite({ client, schema, casing: "snake_case" }) as unknown as Db;
  let timeZone = session.timeZone;
  return {
    kind: "embedded",
    db,
    organiserDb: db,
    setTimeZone: (zone) => {
      if (zone === timeZone) return;
      timeZone = zone;
      // Queued behind whatever runs now (PGlite runs one query or transaction at a time).
      void client.query("select set_config('TimeZone', $1, false)", [zone]);
    },
    ping: async () => void (await db.execute(sql`select 1`)),
    listen: async (channel, onNotify, onListening) => {
      const unlisten = await client.listen(channel, onNotify);
      onListening();
      return unlisten;
    },
    close: async () => {
      await client.close();
      releaseLock();
    },
  };
}
