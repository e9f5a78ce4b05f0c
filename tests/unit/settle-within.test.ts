import { describe, expect, it } from "vitest";
import { settleWithin } from "@/shared/async/settle-within";

const resolveAfter = <T>(ms: number, value: T) => new Promise<T>((resolve) => setTimeout(() => resolve(value), ms));

describe("settleWithin", () => {
  it("gives the value of a promise that settles before the deadline", async () => {
    await expect(settleWithin(resolveAfter(5, "row"), 200)).resolves.toEqual({ settled: true, value: "row" });
  });

  it("gives up at the deadline, and the promise can still be awaited for its value", async () => {
    const slow = resolveAfter(80, "late row");
    await expect(settleWithin(slow, 10)).resolves.toEqual({ settled: false });
    await expect(slow).resolves.toBe("late row");
  });

  it("passes on a failure that comes before the deadline", async () => {
    await expect(settleWithin(Promise.reject(new Error("database down")), 200)).rejects.toThrow("database down");
  });

  it("leaves a failure after the deadline to whoever awaits the promise later", async () => {
    const failing = new Promise((_, reject) => setTimeout(() => reject(new Error("late failure")), 40));
    await expect(settleWithin(failing, 5)).resolves.toEqual({ settled: false });
    await expect(failing).rejects.toThrow("late failure");
  });
});
