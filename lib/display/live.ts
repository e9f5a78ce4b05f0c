import { defaultEventId } from "@/lib/event/time-zone";
import "server-only";
import { readDisplaySnapshot, readDisplayToken } from "@/db/queries/display";
import { getDatabase } from "@/lib/database";
import { describeError, log } from "@/lib/log";
import { readDisplayClientsWith } from "@/lib/metrics/registry";
import { onShutdown, onStopping } from "@/lib/shutdown";

/** The NOTIFY channel the triggers of drizzle/0008 send on: a win, a prize changed, the token rotated. */
const DISPLAY_CHANNEL = "display_changed";
/** A ping event this often keeps proxies from closing an idle stream, and tells the screen it is still live. */
const KEEP_ALIVE_MS = 15_000;
/** Read again this often with no notification: today's budget restarts at midnight without a write. */
const REFRESH_EVERY_MS = 60_000;
/** After a failed LISTEN (database down), try again this soon. */
const LISTEN_RETRY_MS = 2_000;

/** One connected big screen: its token, and how to send it text or end its stream. */
export type Screen = { token: string; send(text: string): void; end(): void };

/**
 * The big screens connected to this instance, and what they are shown. Every instance LISTENs on
 * DISPLAY_CHANNEL (db/index.ts: Postgres, or PGlite's own notifications), so a win on any instance
 * reaches every screen. On a notification the snapshot is read once and the same text sent to every
 * screen: 200 screens cost one read and 200 socket writes per change, not 200 reads. Notifications that
 * arrive during a read are answered by one more read after it (never a backlog). Screens whose token is
 * no longer the stored one are ended, so a rotated address stops at once.
 */
class DisplayHub {
  private readonly screens = new Set<Screen>();
  private latest: { token: string; message: string } | null = null;
  private listening: Promise<void> | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private reading: Promise<void> | null = null;
  private readAgain = false;
  private tokenRead: Promise<string> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private ticks = 0;
  private stopped = false;

  /** Adds a screen and sends it the current snapshot, or ends it at once if its token is not current. */
  async connect(screen: Screen): Promise<void> {
    this.start();
    this.screens.add(screen);
    const current = this.latest && this.unlisten ? this.latest : await this.readNow();
    if (!this.screens.has(screen)) return;
    if (current.token !== screen.token) this.drop(screen);
    else screen.send(current.message);
  }

  /**
   * The big screen's stored token, to check an address against: the one the hub holds while it listens for
   * changes (a rotation notifies every instance, and this instance's own rotation says so at once:
   * tokenRotated), else one read shared by every request that asks meanwhile. A burst of streams opening, with
   * right or wrong tokens, costs one query, not one each, so it cannot exhaust the pool.
   */
  token(): Promise<string> {
    if (this.latest && this.unlisten) return Promise.resolve(this.latest.token);
    this.tokenRead ??= readDisplayToken({ db: getDatabase().db, eventId: defaultEventId() }).finally(() => {
      this.tokenRead = null;
    });
    return this.tokenRead;
  }

  /** This instance rotated the token: checks use the new one from now, before the notification arrives. */
  tokenRotated(token: string): void {
    if (this.latest) this.latest = { ...this.latest, token };
    this.changed();
  }

  disconnect(screen: Screen): void {
    this.screens.delete(screen);
  }

  get connected(): number {
    return this.screens.size;
  }

  /** Ends every stream: at shutdown, so the server need not wait for them (their screens reconnect). */
  endAll(): void {
    this.stopped = true;
    for (const screen of this.screens) this.drop(screen);
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  async close(): Promise<void> {
    this.endAll();
    await this.unlisten?.().catch(() => {});
    this.unlisten = null;
  }

  private start(): void {
    if (this.stopped) return;
    this.listening ??= this.listen();
    this.timer ??= setInterval(() => this.tick(), KEEP_ALIVE_MS);
    this.timer.unref();
  }

  private async listen(): Promise<void> {
    while (!this.stopped) {
      try {
        // onListening: the first time and after every reconnect of the LISTEN connection, when a change may
        // have been missed.
        this.unlisten = await getDatabase().listen(
          DISPLAY_CHANNEL,
          () => this.changed(),
          () => this.changed(),
        );
        return;
      } catch (error) {
        log("warn", "The big screen could not listen for changes; trying again.", describeError(error, false));
        await new Promise((resolve) => setTimeout(resolve, LISTEN_RETRY_MS).unref());
      }
    }
  }

  private tick(): void {
    this.ticks += 1;
    // An event, not a comment: the screen sees it, and reconnects itself if they stop (a half-open socket).
    for (const screen of this.screens) screen.send("event: ping\ndata: {}\n\n");
    if (this.ticks % (REFRESH_EVERY_MS / KEEP_ALIVE_MS) === 0 && this.screens.size > 0) this.changed();
  }

  /** Something changed: read and send, or once more after the read under way. */
  private changed(): void {
    if (this.reading) {
      this.readAgain = true;
      return;
    }
    this.reading = this.readNow()
      .then((current) => this.broadcast(current))
      .catch((error) => log("warn", "The big screen's snapshot could not be read.", describeError(error, false)))
      .finally(() => {
        this.reading = null;
        if (this.readAgain) {
          this.readAgain = false;
          this.changed();
        }
      });
  }

  private async readNow(): Promise<{ token: string; message: string }> {
    const db = getDatabase().db;
    const [token, snapshot] = await Promise.all([
      readDisplayToken({ db, eventId: defaultEventId() }),
      readDisplaySnapshot({ db, eventId: defaultEventId() }),
    ]);
    this.latest = { token, message: `data: ${JSON.stringify(snapshot)}\n\n` };
    return this.latest;
  }

  private broadcast(current: { token: string; message: string }): void {
    for (const screen of this.screens) {
      if (screen.token === current.token) screen.send(current.message);
      else this.drop(screen);
    }
  }

  private drop(screen: Screen): void {
    this.screens.delete(screen);
    screen.end();
  }
}

// One hub per process (Next.js loads this module once per bundle): on globalThis, like the database.
const HUB_KEY = Symbol.for("prize-giveaway.display-hub");
type WithHub = typeof globalThis & { [HUB_KEY]?: DisplayHub };

export function displayHub(): DisplayHub {
  const holder = globalThis as WithHub;
  if (!holder[HUB_KEY]) {
    const hub = new DisplayHub();
    holder[HUB_KEY] = hub;
    readDisplayClientsWith(() => hub.connected);
    onStopping(() => hub.endAll());
    onShutdown(() => hub.close());
  }
  return holder[HUB_KEY];
}
