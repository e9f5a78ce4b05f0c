/**
 * A server-sent events client for tests that does what the browser's EventSource does: reads `data:`
 * messages, and when the stream ends or cannot be opened, opens it again after the server's `retry:`
 * (EventSource gives up on an error status; the big screen's page then opens a new one, which this also
 * does). Node 20 has no EventSource of its own.
 */
export class EventStreamReader {
  readonly messages: unknown[] = [];
  readonly statuses: number[] = [];
  connections = 0;
  private retryMs = 1_000;
  private closed = false;
  private abort = new AbortController();
  private waiters: Array<() => void> = [];

  constructor(private readonly url: string) {
    void this.run();
  }

  close(): void {
    this.closed = true;
    this.abort.abort();
  }

  /** Resolves with the first message (from now on, or already received when `since` is given) matching. */
  async waitFor<T>(match: (message: T) => boolean, timeoutMs: number, since = this.messages.length): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.slice(since).find((message) => match(message as T));
      if (found !== undefined) return found as T;
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`No matching event within ${timeoutMs} ms (${this.messages.length} messages, statuses ${this.statuses})`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  private async run(): Promise<void> {
    while (!this.closed) {
      try {
        const response = await fetch(this.url, { headers: { accept: "text/event-stream" }, signal: this.abort.signal });
        this.statuses.push(response.status);
        if (response.status === 200 && response.body) {
          this.connections += 1;
          await this.read(response.body);
        }
      } catch {
        // Refused while the server restarts, or closed by us.
      }
      if (!this.closed) await new Promise((resolve) => setTimeout(resolve, this.retryMs));
    }
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const decoder = new TextDecoder();
    let buffer = "";
    const reader = body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let end = buffer.indexOf("\n\n");
      while (end >= 0) {
        this.event(buffer.slice(0, end));
        buffer = buffer.slice(end + 2);
        end = buffer.indexOf("\n\n");
      }
    }
  }

  private event(block: string): void {
    let name = "message";
    const data: string[] = [];
    for (const line of block.split("\n")) {
      if (line.startsWith("retry:")) this.retryMs = Number(line.slice(6).trim()) || this.retryMs;
      else if (line.startsWith("event:")) name = line.slice(6).trim();
      else if (line.startsWith("data:")) data.push(line.slice(5).trimStart());
    }
    if (name !== "message" || data.length === 0) return;
    this.messages.push(JSON.parse(data.join("\n")));
    for (const wake of this.waiters.splice(0)) wake();
  }
}
