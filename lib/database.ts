import { type DatabaseHandle, type Db, openDatabase } from "@/db";
import { getConfig } from "@/lib/config";
import { countDatabaseFailure } from "@/lib/metrics/registry";

// Next.js loads this module separately for pages, route handlers and instrumentation, so a module-level
// variable would open one database per bundle: for PGlite, several instances on one directory (they do
// not see each other's writes). The handle therefore lives on globalThis, once per process.
const HANDLE_KEY = Symbol.for("prize-giveaway.database");
type WithHandle = typeof globalThis & { [HANDLE_KEY]?: DatabaseHandle };

/** The process-wide database, opened on first use (never at import, so `next build` opens nothing). */
export function getDatabase(): DatabaseHandle {
  const holder = globalThis as WithHandle;
  const config = getConfig();
  holder[HANDLE_KEY] ??= openDatabase(config.database, { timeZone: config.timeZone }, { onFailure: countDatabaseFailure });
  return holder[HANDLE_KEY];
}

export function db(): Db {
  return getDatabase().db;
}

/** For the organiser's calls (admin routes, sessions, sign-in): connections a crowd of visitors cannot take. */
export function organiserDb(): Db {
  return getDatabase().organiserDb;
}
