/**
 * Reads asked for together are made together: while one batch is being read, every new ask waits for the
 * next batch, which starts the moment the current one ends, and one query answers all of it. A lone ask
 * starts at once. Every answer comes from a read that started after it was asked for, so it is exactly as
 * fresh as a read of its own would have been (unlike RecentReads, nothing read earlier is reused); a crowd's
 * N requests cost one query instead of N. A failed batch fails each of its asks.
 *
 * `readAll` gets the asks in order and must answer them in the same order, one answer each. A read that
 * has not answered within `timeoutMs` fails its asks with code ETIMEDOUT (the database is unreachable: a
 * 503) and the next batch starts: one read hung on a dead connection must not hold up every later ask.
 */
export class BatchedReads<Ask, Answer> {
  private readonly waiting: { ask: Ask; resolve: (answer: Answer) => void; reject: (error: unknown) => void }[] = [];
  private reading = false;

  constructor(
    private readonly readAll: (asks: Ask[]) => Promise<Answer[]>,
    private readonly options: { maxBatch: number; timeoutMs: number },
  ) {}

  read(ask: Ask): Promise<Answer> {
    return new Promise<Answer>((resolve, reject) => {
      this.waiting.push({ ask, resolve, reject });
      this.startNext();
    });
  }

  private startNext(): void {
    if (this.reading || this.waiting.length === 0) return;
    this.reading = true;
    const batch = this.waiting.splice(0, this.options.maxBatch);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(timedOut(this.options.timeoutMs)), this.options.timeoutMs);
    });
    Promise.race([Promise.resolve().then(() => this.readAll(batch.map((entry) => entry.ask))), timeout])
      .then((answers) => {
        if (answers.length !== batch.length) throw new Error(`A batched read answered ${answers.length} of ${batch.length} asks`);
        for (const [index, entry] of batch.entries()) entry.resolve(answers[index] as Answer);
      })
      .catch((error: unknown) => {
        for (const entry of batch) entry.reject(error);
      })
      .finally(() => {
        clearTimeout(timer);
        this.reading = false;
        this.startNext();
      });
  }
}

function timedOut(ms: number): Error {
  return Object.assign(new Error(`A batched read did not answer within ${ms} ms`), { code: "ETIMEDOUT" });
}
