import { describe, expect, it } from "vitest";
import type { Db } from "@/db";
import { ClockHour } from "@/lib/funnel/clock-hour";
import { FunnelCounter } from "@/lib/funnel/counter";

const at = (iso: string) => Date.parse(iso);

describe("ClockHour", () => {
  it("starts an hour on APP_TIMEZONE's clock, also in a zone half an hour off UTC", () => {
    expect(new ClockHour("Asia/Seoul").startOf(at("2026-11-24T01:59:59.999Z"))).toBe(at("2026-11-24T01:00:00Z"));
    // 10:15 in Kolkata (UTC+5:30) is in the hour that began at 10:00 there, 04:30 UTC.
    expect(new ClockHour("Asia/Kolkata").startOf(at("2026-11-24T04:45:00Z"))).toBe(at("2026-11-24T04:30:00Z"));
  });

  it("moves on to the next hour when the clock gets there", () => {
    const hour = new ClockHour("UTC");
    expect(hour.startOf(at("2026-11-24T10:59:59Z"))).toBe(at("2026-11-24T10:00:00Z"));
    expect(hour.startOf(at("2026-11-24T11:00:00Z"))).toBe(at("2026-11-24T11:00:00Z"));
  });
});

/** A database whose execute fails the first `failures` times, recording what it was asked. */
function fakeDb(failures: number) {
  const statements: unknown[] = [];
  let left = failures;
  const db = {
    execute: async (statement: unknown) => {
      if (left-- > 0) throw new Error("database unavailable");
      statements.push(statement);
    },
  } as unknown as Db;
  return { db, statements };
}

describe("FunnelCounter", () => {
  it("flushes everything counted in one statement, then has nothing left", async () => {
    const counter = new FunnelCounter("UTC");
    counter.count("scans", { urlPath: "abcd1234" });
    counter.count("scans", { urlPath: "abcd1234" });
    counter.count("handed_over", { productId: 7 });
    expect(counter.pending).toBe(2);
    const { db, statements } = fakeDb(0);
    await counter.flush(db);
    expect(statements).toHaveLength(1);
    expect(counter.pending).toBe(0);
    await counter.flush(db);
    expect(statements).toHaveLength(1);
  });

  it("keeps the counts of a failed flush, added to those counted since, for the next one", async () => {
    const counter = new FunnelCounter("UTC");
    const now = at("2026-11-24T10:10:00Z");
    counter.count("taps", { urlPath: "abcd1234" }, now);
    const { db, statements } = fakeDb(1);
    await expect(counter.flush(db)).rejects.toThrow("database unavailable");
    counter.count("taps", { urlPath: "abcd1234" }, now);
    expect(counter.pending).toBe(1);
    await counter.flush(db);
    const params = JSON.stringify(statements[0]);
    expect(params).toContain('\\"taps\\":2');
  });
});
