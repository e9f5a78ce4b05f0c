/**
 * Reads shared for a short while: callers asking for the same key within `maxAgeMs` of a read get that
 * read's promise (a crowd's requests arriving together make one read, even while it is in flight). A
 * failed or empty (null) read is not kept. At most `maxKeys` keys; the oldest go first.
 */
export class RecentReads<T> {
  private readonly reads = new Map<string, { at: number; value: Promise<T | null> }>();

  constructor(
    private readonly maxAgeMs: number,
    private readonly maxKeys: number,
  ) {}

  // performance.now(), not Date.now(): a wall clock stepped back would keep a read "fresh" until it caught up.
  get(key: string, read: () => Promise<T | null>, now = performance.now()): Promise<T | null> {
    const kept = this.reads.get(key);
    if (kept && now - kept.at < this.maxAgeMs && now >= kept.at) return kept.value;
    const value = read();
    this.reads.delete(key);
    this.reads.set(key, { at: now, value });
    if (this.reads.size > this.maxKeys) this.reads.delete(this.reads.keys().next().value as string);
    const forget = () => {
      if (this.reads.get(key)?.value === value) this.reads.delete(key);
    };
    value.then((result) => result ?? forget(), forget);
    return value;
  }
}
