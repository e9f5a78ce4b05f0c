import { describe, expect, it } from "vitest";
import { RecentReads } from "@/shared/async/recent-reads";

function counter(result: string | null = "state") {
  const calls = { count: 0 };
  const read = async () => {
    calls.count += 1;
    return result;
  };
  return { calls, read };
}

describe("RecentReads", () => {
  it("shares one read among callers within the age, including while it is in flight", async () => {
    const reads = new RecentReads<string>(500, 10);
    const { calls, read } = counter();
    const answers = await Promise.all([reads.get("a", read, 1000), reads.get("a", read, 1001), reads.get("a", read, 1499)]);
    expect(answers).toEqual(["state", "state", "state"]);
    expect(calls.count).toBe(1);
  });

  it("reads again once the age has passed, and keeps keys apart", async () => {
    const reads = new RecentReads<string>(500, 10);
    const { calls, read } = counter();
    await reads.get("a", read, 1000);
    await reads.get("a", read, 1500);
    await reads.get("b", read, 1500);
    expect(calls.count).toBe(3);
  });

  it("reads again when the clock it is given goes back", async () => {
    const reads = new RecentReads<string>(500, 10);
    const { calls, read } = counter();
    await reads.get("a", read, 1000);
    await reads.get("a", read, 900);
    expect(calls.count).toBe(2);
  });

  it("does not keep a failed read or an empty one", async () => {
    const reads = new RecentReads<string>(500, 10);
    await expect(reads.get("a", () => Promise.reject(new Error("down")), 1000)).rejects.toThrow("down");
    const { calls, read } = counter(null);
    await reads.get("a", read, 1001);
    await reads.get("a", read, 1002);
    expect(calls.count).toBe(2);
  });

  it("keeps at most maxKeys keys, dropping the oldest", async () => {
    const reads = new RecentReads<string>(10_000, 2);
    const { calls, read } = counter();
    await reads.get("a", read, 1000);
    await reads.get("b", read, 1000);
    await reads.get("c", read, 1000);
    await reads.get("b", read, 1001);
    expect(calls.count).toBe(3);
    await reads.get("a", read, 1001);
    expect(calls.count).toBe(4);
  });
});
