import { describe, expect, it } from "vitest";
import { BatchedReads } from "@/shared/async/batched-reads";

/** A read whose batches are answered only when the test says so, recording what each batch held. */
function controlledRead() {
  const batches: { asks: string[]; answer: (values?: string[]) => void; fail: (error: Error) => void }[] = [];
  const readAll = (asks: string[]) =>
    new Promise<string[]>((resolve, reject) => {
      batches.push({ asks, answer: (values) => resolve(values ?? asks.map((ask) => ask.toUpperCase())), fail: reject });
    });
  return { batches, readAll };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));
const OPTIONS = { maxBatch: 500, timeoutMs: 10_000 };

describe("BatchedReads", () => {
  it("starts a lone ask at once and answers it with its own value", async () => {
    const { batches, readAll } = controlledRead();
    const reads = new BatchedReads(readAll, OPTIONS);
    const answer = reads.read("a");
    await settled();
    expect(batches.map((batch) => batch.asks)).toEqual([["a"]]);
    batches[0]!.answer();
    await expect(answer).resolves.toBe("A");
  });

  it("makes the asks that arrive during a read wait for the next one, which answers them all together", async () => {
    const { batches, readAll } = controlledRead();
    const reads = new BatchedReads(readAll, OPTIONS);
    const first = reads.read("a");
    await settled();
    const later = [reads.read("b"), reads.read("c"), reads.read("d")];
    await settled();
    // b, c and d arrived after the first read began: none of them may be answered by it.
    expect(batches.map((batch) => batch.asks)).toEqual([["a"]]);
    batches[0]!.answer();
    await expect(first).resolves.toBe("A");
    await settled();
    expect(batches.map((batch) => batch.asks)).toEqual([["a"], ["b", "c", "d"]]);
    batches[1]!.answer();
    await expect(Promise.all(later)).resolves.toEqual(["B", "C", "D"]);
  });

  it("fails every ask of a failed batch, and reads the next batch afterwards", async () => {
    const { batches, readAll } = controlledRead();
    const reads = new BatchedReads(readAll, OPTIONS);
    const failing = [reads.read("a")];
    await settled();
    const next = reads.read("b");
    batches[0]!.fail(new Error("database down"));
    await expect(failing[0]).rejects.toThrow("database down");
    await settled();
    batches[1]!.answer();
    await expect(next).resolves.toBe("B");
  });

  it("refuses a read that answers a different number of asks than it was given", async () => {
    const { batches, readAll } = controlledRead();
    const reads = new BatchedReads(readAll, OPTIONS);
    const answer = reads.read("a");
    await settled();
    batches[0]!.answer(["A", "extra"]);
    await expect(answer).rejects.toThrow("answered 2 of 1 asks");
  });

  it("reads at most maxBatch asks at a time, in the order they came", async () => {
    const { batches, readAll } = controlledRead();
    const reads = new BatchedReads(readAll, { maxBatch: 2, timeoutMs: 10_000 });
    const all = ["a", "b", "c", "d"].map((ask) => reads.read(ask));
    await settled();
    batches[0]!.answer();
    await settled();
    batches[1]!.answer();
    await settled();
    batches[2]!.answer();
    await expect(Promise.all(all)).resolves.toEqual(["A", "B", "C", "D"]);
    expect(batches.map((batch) => batch.asks)).toEqual([["a"], ["b", "c"], ["d"]]);
  });

  it("never answers an ask from a read that began before it, even the same ask", async () => {
    const { batches, readAll } = controlledRead();
    const reads = new BatchedReads(readAll, OPTIONS);
    const early = reads.read("a");
    await settled();
    const late = reads.read("a");
    batches[0]!.answer(["before the change"]);
    await expect(early).resolves.toBe("before the change");
    await settled();
    expect(batches.map((batch) => batch.asks)).toEqual([["a"], ["a"]]);
    batches[1]!.answer(["after the change"]);
    await expect(late).resolves.toBe("after the change");
  });

  it("fails the asks, not the process, when the read throws before returning a promise, and reads on", async () => {
    let calls = 0;
    const reads = new BatchedReads<string, string>((asks) => {
      calls += 1;
      if (calls === 1) throw new Error("could not build the query");
      return Promise.resolve(asks);
    }, OPTIONS);
    await expect(reads.read("a")).rejects.toThrow("could not build the query");
    await expect(reads.read("b")).resolves.toBe("b");
  });

  it("gives up on a read that never answers (ETIMEDOUT, a 503) and goes on with the next batch", async () => {
    const { batches, readAll } = controlledRead();
    const reads = new BatchedReads(readAll, { maxBatch: 500, timeoutMs: 30 });
    const hung = reads.read("a");
    await settled();
    const next = reads.read("b");
    await expect(hung).rejects.toMatchObject({ code: "ETIMEDOUT" });
    await settled();
    expect(batches.map((batch) => batch.asks)).toEqual([["a"], ["b"]]);
    batches[1]!.answer();
    await expect(next).resolves.toBe("B");
    // The hung read answering late changes nothing.
    batches[0]!.answer();
    await expect(hung).rejects.toMatchObject({ code: "ETIMEDOUT" });
  });
});
