import "server-only";
import { readDisplaySnapshot, readDisplayTokens } from "@/db/queries/display";
import { getDatabase } from "@/lib/database";
import { describeError, log } from "@/lib/log";
import { readDisplayClientsWith } from "@/lib/metrics/registry";
import { onShutdown, onStopping } from "@/lib/shutdown";
import { NewestReads, type ReadMessage } from "./newest-reads";

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
 * The big screens connected to this instance, and what they are shown. Each event has its own address (its
 * settings row's token): a screen's token says which event it shows. Every instance LISTENs on
 * DISPLAY_CHANNEL (db/index.ts: Postgres, or PGlite's own notifications), so a win on any instance reaches
 * every screen. On a notification the tokens are read once and each shown event's snapshot once, and the
 * same text sent to every screen of that event: 200 screens cost one read per event and 200 socket writes per
 * change, not 200 reads. Notifications that arrive during a read are answered by one more read after it
 * (never a backlog). A screen's first read and a change's read can end in either order: NewestReads sends
 * each screen only a picture newer than the one it has. Screens whose token is no longer stored are ended,
 * so a rotated address stops at once.
 */
class DisplayHub {
  private readonly screens = new Set<Screen>();
  /** Token -> event, as last read; kept current by notifications while listening. */
  private tokens: Map<string, number> | null = null;
  /** The snapshot message of each shown event's latest read, and which one each screen has. */
  private readonly reads = new NewestReads<number, Screen>();
  private listening: Promise<void> | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private reading: Promise<void> | null = null;
  private readAgain = false;
  private tokensRead: Promise<Map<string, number>> | null = null;
  private timer: NodeJS.Timeout | null = null;
  private ticks = 0;
  private stopped = false;

  /** Adds a screen and sends it its event's current snapshot, or ends it at once if its token is not current. */
  async connect(screen: Screen): Promise<void> {
    this.start();
    this.screens.add(screen);
    const eventId = await this.eventOf(screen.token);
    if (!this.screens.has(screen)) return;
    if (eventId === undefined) {
      this.drop(screen);
      return;
    }
    const message = (this.unlisten ? this.reads.message(eventId) : undefined) ?? (await this.readEvent(eventId));
    if (this.screens.has(screen)) this.send(screen, message);
  }

  /**
   * The event whose big screen `token` is the address of, or undefined: from the tokens the hub holds while it
   * listens for changes (a rotation notifies every instance, and this instance's own rotation says so at once:
   * tokenRotated), else one read shared by every request that asks meanwhile. A burst of streams opening, with
   * right or wrong tokens, costs one query, not one each, so it cannot exhaust the pool.
   */
  async eventOf(token: string): Promise<number | undefined> {
    if (this.tokens && this.unlisten) return this.tokens.get(token);
    this.tokensRead ??= readDisplayTokens(getDatabase().db).finally(() => {
      this.tokensRead = null;
    });
    return (await this.tokensRead).get(token);
  }

  /** This instance rotated event `eventId`'s token: checks use the new one from now, before the notification arrives. */
  tokenRotated(eventId: number, token: string): void {
    if (this.tokens) {
      for (const [old, event] of this.tokens) if (event === eventId) this.tokens.delete(old);
      this.tokens.set(token, eventId);
    }
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
      .then(() => this.broadcast())
      .catch((error) => log("warn", "The big screen's snapshot could not be read.", describeError(error, false)))
      .finally(() => {
        this.reading = null;
        if (this.readAgain) {
          this.readAgain = false;
          this.changed();
        }
      });
  }

  /** One event's snapshot as the message its screens are sent. */
  private readEvent(eventId: number): Promise<ReadMessage> {
    return this.reads.read(eventId, async () => {
      const snapshot = await readDisplaySnapshot({ db: getDatabase().db, eventId });
      return `data: ${JSON.stringify(snapshot)}\n\n`;
    });
  }

  private send(screen: Screen, message: ReadMessage): void {
    this.reads.deliver(screen, message, (text) => screen.send(text));
  }

  /** The tokens, then the snapshot of each event a screen here shows. */
  private async readNow(): Promise<void> {
    const tokens = await readDisplayTokens(getDatabase().db);
    this.tokens = tokens;
    const shown = new Set<number>();
    for (const screen of this.screens) {
      const eventId = tokens.get(screen.token);
      if (eventId !== undefined) shown.add(eventId);
    }
    for (const eventId of [...this.reads.keys()]) if (!shown.has(eventId)) this.reads.forget(eventId);
    await Promise.all([...shown].map((eventId) => this.readEvent(eventId)));
  }

  private broadcast(): void {
    for (const screen of this.screens) {
      const eventId = this.tokens?.get(screen.token);
      const message = eventId === undefined ? undefined : this.reads.message(eventId);
      if (eventId === undefined) this.drop(screen);
      else if (message) this.send(screen, message);
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
