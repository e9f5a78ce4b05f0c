import { inject } from "vitest";
import { type Db, openDatabase } from "@/db";
import { TEST_ADMIN, TEST_AUTH_SECRET, TEST_METRICS_TOKEN } from "../integration/global-setup";
import { type RunningServer, startServer } from "./app-server";
import { createFreshPostgresDatabase, TEST_TIME_ZONE, tempDir } from "./test-database";

/**
 * The server a test file talks to, and its database, on whichever backend the run has (Postgres, or PGlite
 * when none answers or TEST_DB=pglite). `withDatabase`: arrange or read rows no API makes or shows. On
 * Postgres that is a direct connection beside the server. A PGlite folder belongs to one process at a time
 * (a second opener corrupts it without a word), so there the server is stopped for the work and started
 * again on the same port (5-8 s on a busy machine): its in-memory state (cached pages, lanes) starts afresh.
 * So a file seeds what it needs at once, before its tests, and reads through the API where it can.
 */
export type FileServer = {
  readonly url: string;
  /** The running process; a new one after each `withDatabase` on PGlite. */
  readonly server: RunningServer;
  readonly backend: "postgres" | "pglite";
  /** All its own server logged, over each restart on PGlite (the run's shared server is not the file's to read). */
  output(): string;
  withDatabase<T>(work: (db: Db) => Promise<T>): Promise<T>;
  /**
   * For another process that opens the database itself (a command-line script): `env` points it there
   * (DATABASE_URL, or DATABASE_URL empty and DATA_DIR). On PGlite the server is stopped meanwhile, as for
   * `withDatabase`.
   */
  withDatabaseEnv<T>(work: (env: Record<string, string>) => Promise<T>): Promise<T>;
  /**
   * Stops the file's own server, runs `work`, and starts it again on the same port, where its clients
   * reconnect: a restart, on either backend (the run's shared server is not the file's to stop).
   */
  whileStopped<T>(work: () => Promise<T>): Promise<T>;
  stop(): Promise<void>;
};

/** The shared integration server's settings (tests/integration/global-setup.ts), without its data folder. */
const SHARED_SERVER_ENV: Record<string, string> = {
  AUTH_SECRET: TEST_AUTH_SECRET,
  ADMIN_NAME: TEST_ADMIN.name,
  ADMIN_PASSWORD: TEST_ADMIN.password,
  APP_TIMEZONE: TEST_TIME_ZONE,
  // The tests play the proxy in front: each client's X-Forwarded-For is its address.
  TRUSTED_PROXY_HOPS: "1",
  METRICS_TOKEN: TEST_METRICS_TOKEN,
};

function onPostgres(): boolean {
  return inject("databaseUrl") !== null;
}

/**
 * A server with a database of its own: a fresh copy of the run's migrated template on Postgres, a fresh data
 * folder on PGlite (migrated as the server starts, as in production). `env`: settings on top of the shared
 * server's, e.g. a lane's bound.
 */
export async function startOwnServer(label: string, env: Record<string, string> = {}): Promise<FileServer> {
  const dataDir = tempDir(label);
  const serverEnv = { ...SHARED_SERVER_ENV, DATA_DIR: dataDir, ...env };
  if (onPostgres()) {
    const fresh = await createFreshPostgresDatabase(label);
    const postgresEnv = { ...serverEnv, DATABASE_URL: fresh.url };
    let server = await startServer(postgresEnv);
    const port = Number(new URL(server.url).port);
    let earlierOutput = "";
    const handle = openDatabase({ kind: "postgres", url: fresh.url }, { timeZone: TEST_TIME_ZONE });
    return {
      url: server.url,
      get server() {
        return server;
      },
      backend: "postgres",
      output: () => earlierOutput + server.output(),
      withDatabase: (work) => work(handle.db),
      withDatabaseEnv: (work) => work({ DATABASE_URL: fresh.url }),
      whileStopped: async (work) => {
        await server.stop();
        earlierOutput += server.output();
        try {
          return await work();
        } finally {
          server = await startServer(postgresEnv, port);
        }
      },
      stop: async () => {
        await server.stop();
        await handle.close();
        await fresh.drop();
      },
    };
  }
  let server = await startServer(serverEnv);
  const port = Number(new URL(server.url).port);
  let earlierOutput = "";
  async function whileStopped<T>(work: () => Promise<T>): Promise<T> {
    await server.stop();
    earlierOutput += server.output();
    try {
      return await work();
    } finally {
      server = await startServer(serverEnv, port);
    }
  }
  return {
    url: server.url,
    get server() {
      return server;
    },
    backend: "pglite",
    output: () => earlierOutput + server.output(),
    withDatabase: (work) =>
      whileStopped(async () => {
        const handle = openDatabase({ kind: "embedded", dataDir }, { timeZone: TEST_TIME_ZONE });
        try {
          return await work(handle.db);
        } finally {
          await handle.close();
        }
      }),
    withDatabaseEnv: (work) => whileStopped(() => work({ DATABASE_URL: "", DATA_DIR: dataDir })),
    whileStopped,
    stop: () => server.stop(),
  };
}

/**
 * For a file that could share the run's server: on Postgres it does (with a direct connection to its
 * database); on PGlite, whose folder the shared server holds, the file gets a server of its own.
 */
export async function serverForFile(label: string): Promise<FileServer> {
  const databaseUrl = inject("databaseUrl");
  if (databaseUrl === null) return startOwnServer(label);
  // Opened at the first reach into the database: a file may need none (only withDatabaseEnv).
  let handle: ReturnType<typeof openDatabase> | undefined;
  const url = inject("baseUrl");
  return {
    url,
    get server(): RunningServer {
      throw new Error(`${label}: the run's shared server is not this file's to read or stop; start one of its own.`);
    },
    backend: "postgres",
    output() {
      throw new Error(`${label}: the run's shared server is not this file's to read; start one of its own.`);
    },
    withDatabase: (work) => {
      handle ??= openDatabase({ kind: "postgres", url: databaseUrl }, { timeZone: TEST_TIME_ZONE });
      return work(handle.db);
    },
    withDatabaseEnv: (work) => work({ DATABASE_URL: databaseUrl }),
    whileStopped() {
      throw new Error(`${label}: the run's shared server is not this file's to stop; start one of its own.`);
    },
    stop: async () => {
      await handle?.close();
    },
  };
}
