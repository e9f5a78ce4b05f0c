/**
 * Reads asked for together are made together: while one batch is being read, every new ask waits for the
 * next batch, which starts the moment the current one ends, and one query answers all of it. A lone ask
 * starts at once. Every answer comes from a read that started after it was asked for, so it is exactly as
 * fresh as a read of its own would have been (unlike RecentReads, nothing read earlier is reused); a crowd's
 * N requests cost one query instead of N. A failed batch fails each of its asks.
 *
 * `readAll` gets the asks in order and must answer them in the same order, one answer each.
 */
export class BatchedReads<Ask, Answer> {
  private readonly waiting: { ask: Ask; resolve: (answer: Answer) => void; reject: (error: unknown) => void }[] = [];
  private reading = false;

  constructor(
    private readonly readAll: (asks: Ask[]) => Promise<Answer[]>,
    private readonly maxBatch = 500,
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
    const batch = this.waiting.splice(0, this.maxBatch);
    Promise.resolve()
      .then(() => this.readAll(batch.map((entry) => entry.ask)))
      .then((answers) => {
        if (answers.length !== batch.length) throw new Error(`A batched read answered ${answers.length} of ${batch.length} asks`);
        for (const [index, entry] of batch.entries()) entry.resolve(answers[index] as Answer);
      })
      .catch((error: unknown) => {
        for (const entry of batch) entry.reject(error);
      })
      .finally(() => {
        this.reading = false;
        this.startNext();
      });
  }
}
