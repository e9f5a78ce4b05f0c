import net from "node:net";

/**
 * A TCP proxy between the app and Postgres that a test can cut (Postgres "refuses connections": the port
 * stops listening and open connections drop) and restore, on the same port; stall (Postgres is slow: the
 * app's queries wait in the proxy) and resume; or black-hole (Postgres is lost behind a dead network or a
 * frozen host: connections are accepted, bytes are taken and never answered).
 */
export class CuttableProxy {
  private readonly server: net.Server;
  private readonly open = new Set<net.Socket>();
  /** Each app-side socket and the Postgres socket its bytes go to, for stall() and resume(). */
  private readonly routes = new Map<net.Socket, net.Socket>();
  private stalled = false;
  private holed = false;
  port = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {
    this.server = net.createServer((client) => {
      this.open.add(client);
      client.on("close", () => this.open.delete(client));
      if (this.holed) {
        swallow(client);
        return;
      }
      const upstream = net.connect(this.targetPort, this.targetHost);
      this.open.add(upstream);
      upstream.on("close", () => this.open.delete(upstream));
      for (const socket of [client, upstream]) {
        socket.on("error", () => {
          client.destroy();
          upstream.destroy();
        });
      }
      this.routes.set(client, upstream);
      client.on("close", () => this.routes.delete(client));
      upstream.pipe(client);
      if (this.stalled) client.pause();
      else client.pipe(upstream);
    });
  }

  async start(port = 0): Promise<number> {
    await new Promise<void>((resolve, reject) => {
      this.server.once("error", reject);
      this.server.listen(port, "127.0.0.1", () => resolve());
    });
    this.port = (this.server.address() as net.AddressInfo).port;
    return this.port;
  }

  /** Stops listening (new connections are refused) and drops every open connection. */
  async cut(): Promise<void> {
    const closed = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const socket of this.open) socket.destroy();
    await closed;
  }

  /** Holds every query the app sends (on open and new connections) until resume(). */
  stall(): void {
    this.stalled = true;
    for (const client of this.routes.keys()) {
      client.unpipe();
      client.pause();
    }
  }

  /** Lets the held queries through, and everything after them. */
  resume(): void {
    this.stalled = false;
    for (const [client, upstream] of this.routes) client.pipe(upstream);
  }

  /**
   * Answers nothing any more: open connections stay open but their bytes go nowhere, for good (as after
   * a host that froze and restarted: no reset ever reaches the app), and new connections are accepted and
   * never answered, until restore().
   */
  blackHole(): void {
    this.holed = true;
    for (const [client, upstream] of this.routes) {
      client.unpipe();
      upstream.unpipe();
      upstream.destroy();
      swallow(client);
    }
    this.routes.clear();
  }

  /** Listens again on the same port (after cut()), or answers new connections again (after blackHole()). */
  async restore(): Promise<void> {
    this.holed = false;
    if (!this.server.listening) await this.start(this.port);
  }

  async stop(): Promise<void> {
    if (this.server.listening) await this.cut();
  }
}

/** Reads and drops whatever the app sends on this socket. */
function swallow(client: net.Socket): void {
  client.removeAllListeners("data");
  client.on("data", () => {});
  client.on("error", () => client.destroy());
  client.resume();
}
