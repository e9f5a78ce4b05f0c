import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { type ExtractTablesWithRelations, sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import postgres from "postgres";
import { type AppConfig, getConfig } from "@/lib/config";
import { acquireDataDirLock } from "./data-dir-lock";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The one database type the app codes against, whichever driver is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything that runs queries: the database or a transaction inside it. */
export type Queryable = Db | Tx;

export type DatabaseHandle = {
  kind: "postgres" | "embedded";
  db: Db;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
};

export const POOL_SIZE = 10;

export function openDatabase(target: AppConfig["database"]): DatabaseHandle {
  if (target.kind === "postgres") {
    // onnotice: postgres.js prints server NOTICEs (e.g. "relation already exists") by default.
    const client = postgres(target.url, { max: POOL_SIZE, onnotice: () => {}, connect_timeout: 5 });
    const db = drizzlePostgres({ client, schema, casing: "snake_case" }) as unknown as Db;
    return {
      kind: "postgres",
      db,
      ping: async () => void (await client`select 1`),
      close: () => client.end({ timeout: 5 }),
    };
  }
  acquireDataDirLock(target.dataDir);
  const client = new PGlite(path.join(target.dataDir, "pglite"));
  const db = drizzlePglite({ client, schema, casing: "snake_case" }) as unknown as Db;
  return {
    kind: "embedded",
    db,
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => client.close(),
  };
}

// Next.js loads this module separately for pages, route handlers and instrumentation, so a module-level
// variable would open one database per bundle: for PGlite, several instances on one directory (they do
// not see each other's writes). The handle therefore lives on globalThis, once per process.
const HANDLE_KEY = Symbol.for("prize-giveaway.database");
type WithHandle = typeof globalThis & { [HANDLE_KEY]?: DatabaseHandle };

/** The process-wide database, opened on first use (never at import, so `next build` opens nothing). */
export function getDatabase(): DatabaseHandle {
  const holder = globalThis as WithHandle;
  holder[HANDLE_KEY] ??= openDatabase(getConfig().database);
  return holder[HANDLE_KEY];
}

export function db(): Db {
  return getDatabase().db;
}
