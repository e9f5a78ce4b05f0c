import { describe, expect, it } from "vitest";
import { msUntilNextDay } from "../support/day-turn";

describe("msUntilNextDay", () => {
  it("counts to the next midnight on the zone's clock, not UTC's", () => {
    // 14:58:00 UTC is 23:58:00 in Seoul (+09:00): two minutes to its midnight.
    expect(msUntilNextDay("Asia/Seoul", new Date("2026-11-27T14:58:00.250Z"))).toBe(119_750);
    // 15:00:00 UTC is Seoul's midnight: a whole day to the next.
    expect(msUntilNextDay("Asia/Seoul", new Date("2026-11-27T15:00:00Z"))).toBe(86_400_000);
    // Kolkata (+05:30): 18:29:59 UTC is 23:59:59 there.
    expect(msUntilNextDay("Asia/Kolkata", new Date("2026-11-27T18:29:59Z"))).toBe(1000);
  });
});
