import net from "node:net";
import postgres, { type Sql } from "postgres";

/**
 * A query or transaction outstanding this long, while nothing else has been answered for as long, gets the
 * database checked (a healthy one answers in milliseconds).
 */
const SLOW_OPERATION_MS = 400;
/** A check (`select 1` on the watch's own open connection) unanswered this long finds the database lost. */
const CHECK_TIMEOUT_MS = 1200;
/** While lost, the database is checked this often: service resumes within about this long of its return. */
const RECHECK_MS = 250;
const TICK_MS = 100;

/** The part of postgres.js's parsed options that its `socket` option is called with. */
type SocketOptions = { host: string[]; port: number[]; path?: string | false };

/**
 * Finds a lost Postgres within about 1.7 s, and fails every query meanwhile at once (the route answers
 * 503), where postgres.js alone would wait for ever: a query sent on a connection to a host that froze, or
 * behind a network that drops packets ("black-holed": nothing is refused, nothing answers), gets no answer
 * and no error until TCP gives up, many minutes on; and every request that queues behind it waits as long.
 *
 * How it tells lost from slow: a database that answered any query, or sent any bytes on any connection,
 * in the last SLOW_OPERATION_MS is alive (under a storm, answers come every few milliseconds, however slow
 * each is, and nothing is checked: a false "lost" would fail every request). When a query or transaction
 * has been outstanding SLOW_OPERATION_MS with nothing heard meanwhile, a check runs `select 1` on the
 * watch's own connection. An answer (or any bytes heard meanwhile) means the database is alive and the
 * operation merely slow (a long export, a lock wait): it goes on. No answer within CHECK_TIMEOUT_MS, or a
 * refused connection anywhere, means lost: every pool connection is dropped (their queries fail with
 * ETIMEDOUT), and until a check answers again (one every RECHECK_MS) every new connection fails as it is
 * made, so requests queued for a connection fail too instead of each waiting out a connect timeout.
 */
export class OutageWatch {
  /** The pool's sockets, to drop them all when the database is lost. */
  private readonly sockets = new Set<net.Socket>();
  /** When each outstanding operation began, oldest first (a Set keeps insertion order). */
  private readonly outstanding = new Set<{ since: number }>();
  private lost = false;
  /** When a query or transaction last succeeded. */
  private lastAnswerAt = 0;
  /** When bytes last came from the database on any plain (non-TLS) connection: answers, however slow, or handshakes. */
  private lastBytesAt = 0;
  private checking: Promise<void> | null = null;
  private lastCheck: { startedAt: number; answered: boolean } | null = null;
  private connections = 0;
  private readonly ticker: NodeJS.Timeout;

  /** A connection of the watch's own, kept open: a check is one `select 1`, no connection to set up. */
  private readonly checker: Sql;
  private checkerSocket: net.Socket | null = null;

  /** `onFailure`: told of every followed query or transaction that fails (the app's metrics count them). */
  constructor(
    url: string,
    private readonly onFailure?: (error: unknown) => void,
  ) {
    this.checker = postgres(url, {
      max: 1,
      fetch_types: false,
      // Not postgres.js's backoff (up to 20 s after repeated failures): a check must reach a database that is back.
      backoff: () => RECHECK_MS / 1000,
      connect_timeout: CHECK_TIMEOUT_MS / 1000,
      onnotice: () => {},
      // postgres.js's own option, missing from its types: the socket to drop when no answer came.
      ...({
        socket: (options: SocketOptions) => {
          this.checkerSocket = this.heard(connectTo(options, 0));
          return this.checkerSocket;
        },
      } as object),
    });
    // Opened now, while the server is quiet: made during a storm, it could take longer than a check may.
    this.checker`select 1`.catch(() => {});
    this.ticker = setInterval(() => this.tick(), TICK_MS);
    this.ticker.unref();
  }

  /** postgres.js's `socket` option: a socket the watch can drop; failed at once while the database is lost. */
  readonly openSocket = (options: SocketOptions): net.Socket => {
    const socket = this.heard(connectTo(options, this.connections++));
    this.sockets.add(socket);
    socket.once("close", () => this.sockets.delete(socket));
    socket.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "ECONNREFUSED") this.markLost();
    });
    // setImmediate, not nextTick: postgres.js listens for the socket's errors a few microtasks from now.
    if (this.lost) setImmediate(() => socket.destroy(lostError()));
    return socket;
  };

  /** The client, with every query and transaction it starts followed until it settles. */
  follow(client: Sql): Sql {
    return new Proxy(client, {
      get: (target, property, receiver) => {
        if (property !== "unsafe" && property !== "begin") return Reflect.get(target, property, receiver);
        const start = Reflect.get(target, property, receiver) as (...args: unknown[]) => PromiseLike<unknown>;
        // A postgres.js query runs once something awaits it, a microtask after this (its handle() awaits
        // first), so drizzle's `.values()` right after still applies; drizzle awaits every query it makes.
        return (...args: unknown[]) => this.followed(start(...args));
      },
    });
  }

  async close(): Promise<void> {
    clearInterval(this.ticker);
    await this.checker.end({ timeout: 0 });
  }

  /** Whether the watch's connection runs `select 1` within `ms` (a lost one is dropped: the next check connects afresh). */
  private async answersWithin(ms: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const answered = this.checker`select 1`.then(
      () => true,
      () => false,
    );
    // The deadline gives way to an answer that came in the same turn of a busy event loop (timers run
    // before sockets are read; setImmediate after).
    const deadline = new Promise<boolean>((resolve) => {
      timer = setTimeout(() => setImmediate(() => resolve(false)), ms);
    });
    const result = await Promise.race([answered, deadline]);
    clearTimeout(timer);
    if (!result) this.checkerSocket?.destroy(lostError());
    return result;
  }

  /**
   * Notes every byte the database sends on `socket` (postgres.js reads them too; over TLS it reads from its
   * own TLS socket and drops this listener, and the answers of queries are all the watch hears).
   */
  private heard(socket: net.Socket): net.Socket {
    socket.on("data", () => {
      this.lastBytesAt = performance.now();
    });
    return socket;
  }

  private followed<T extends PromiseLike<unknown>>(operation: T): T {
    const entry = { since: performance.now() };
    this.outstanding.add(entry);
    const settled = () => void this.outstanding.delete(entry);
    operation.then(
      () => {
        settled();
        this.lastAnswerAt = performance.now();
      },
      (error: unknown) => {
        settled();
        this.onFailure?.(error);
      },
    );
    return operation;
  }

  private tick(): void {
    const oldest = this.outstanding.values().next().value;
    if (this.lost || !oldest) return;
    const now = performance.now();
    const heardLately = now - Math.max(this.lastAnswerAt, this.lastBytesAt) < SLOW_OPERATION_MS;
    if (now - oldest.since < SLOW_OPERATION_MS || heardLately) return;
    // A check begun a moment ago that was answered vouches for the database; otherwise ask again.
    if (this.lastCheck?.answered && now - this.lastCheck.startedAt < SLOW_OPERATION_MS) return;
    void this.check();
  }

  private check(): Promise<void> {
    this.checking ??= (async () => {
      const startedAt = performance.now();
      // Bytes from the database during the check (a loaded server answering slowly) count as an answer.
      const answered = (await this.answersWithin(CHECK_TIMEOUT_MS)) || this.lastBytesAt > startedAt;
      this.lastCheck = { startedAt, answered };
      if (answered) this.lost = false;
      else this.markLost();
    })().finally(() => {
      this.checking = null;
    });
    return this.checking;
  }

  private markLost(): void {
    if (this.lost) return;
    this.lost = true;
    for (const socket of this.sockets) socket.destroy(lostError());
    const recheck = () => {
      if (!this.lost) return;
      void this.check().then(() => setTimeout(recheck, RECHECK_MS).unref());
    };
    setTimeout(recheck, RECHECK_MS).unref();
  }
}

/** A plain TCP (or Unix) socket to the server postgres.js would have connected to; it speaks TLS over it itself. */
function connectTo(options: SocketOptions, attempt: number): net.Socket {
  if (options.path) return net.connect(options.path);
  const index = attempt % options.host.length;
  const host = options.host[index] ?? "localhost";
  const port = options.port[index] ?? options.port[0] ?? 5432;
  // postgres.js names the server in its errors and in TLS (servername) from these.
  return Object.assign(net.connect(port, host), { host, port });
}

function lostError(): Error {
  return Object.assign(new Error("The database is not answering (the outage watch found it lost)"), {
    code: "ETIMEDOUT",
  });
}
