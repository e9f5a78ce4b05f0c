/** A snapshot message, numbered by when the read that made it began. */
export type ReadMessage = { began: number; text: string };

/**
 * Keeps a big screen from being sent an older picture after a newer one. Reads run side by side: a screen's
 * first read (when it connects) and the reads a change starts. A read can begin before a change is committed
 * and end after the read that change started, so the order reads end in says nothing about what they saw.
 * The order they began in does: a read that began later saw at least as much. So each key (an event) keeps the
 * message of its latest-begun read, and each screen is sent only messages begun later than the last it got.
 */
export class NewestReads<Key, Screen extends object> {
  private begun = 0;
  private readonly latest = new Map<Key, ReadMessage>();
  private readonly delivered = new WeakMap<Screen, number>();

  /** Runs `read` for `key`; what it made, kept as the key's message unless a read begun later already ended. */
  async read(key: Key, read: () => Promise<string>): Promise<ReadMessage> {
    this.begun += 1;
    const message = { began: this.begun, text: await read() };
    const kept = this.latest.get(key);
    if (!kept || kept.began < message.began) this.latest.set(key, message);
    return message;
  }

  /** The key's message from its latest-begun read, if one ended. */
  message(key: Key): ReadMessage | undefined {
    return this.latest.get(key);
  }

  keys(): IterableIterator<Key> {
    return this.latest.keys();
  }

  forget(key: Key): void {
    this.latest.delete(key);
  }

  /** Sends `message` to `screen` with `send`, unless the screen already has one from a read begun later. */
  deliver(screen: Screen, message: ReadMessage, send: (text: string) => void): void {
    if ((this.delivered.get(screen) ?? 0) >= message.began) return;
    this.delivered.set(screen, message.began);
    send(message.text);
  }
}
