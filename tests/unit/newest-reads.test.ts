import { describe, expect, it } from "vitest";
import { NewestReads } from "@/lib/display/newest-reads";

/** A read that ends only when the test answers it. */
function heldRead() {
  let answer: (text: string) => void = () => {};
  const read = () =>
    new Promise<string>((resolve) => {
      answer = resolve;
    });
  return { read, answer: (text: string) => answer(text) };
}

type Screen = { received: string[] };
const screen = (): Screen => ({ received: [] });

describe("NewestReads", () => {
  it("never sends a screen a picture older than the one it has, whichever read ends last", async () => {
    const reads = new NewestReads<number, Screen>();
    const big = screen();
    // The screen connects: its first read begins, before a win expires.
    const first = heldRead();
    const connecting = reads.read(1, first.read);
    // The expiry is committed; its notification's read begins, sees it, and ends first.
    const change = heldRead();
    const changed = reads.read(1, change.read);
    change.answer("after the expiry");
    reads.deliver(big, await changed, (text) => big.received.push(text));
    // The first read ends last, with what it saw before the expiry.
    first.answer("before the expiry");
    reads.deliver(big, await connecting, (text) => big.received.push(text));

    expect(big.received).toEqual(["after the expiry"]);
    expect(reads.message(1)?.text).toBe("after the expiry");
  });

  it("sends each newer picture once, to every screen, and keeps events apart", async () => {
    const reads = new NewestReads<number, Screen>();
    const [one, two] = [screen(), screen()];
    const morning = await reads.read(1, async () => "morning");
    for (const target of [one, two]) reads.deliver(target, morning, (text) => target.received.push(text));
    reads.deliver(one, morning, (text) => one.received.push(text));
    const other = await reads.read(2, async () => "other event");
    const noon = await reads.read(1, async () => "noon");
    for (const target of [one, two]) reads.deliver(target, noon, (text) => target.received.push(text));

    expect(one.received).toEqual(["morning", "noon"]);
    expect(two.received).toEqual(["morning", "noon"]);
    expect(reads.message(2)).toEqual(other);
    reads.forget(2);
    expect(reads.message(2)).toBeUndefined();
    expect([...reads.keys()]).toEqual([1]);
  });
});
