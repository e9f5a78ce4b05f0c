import { describe, expect, it } from "vitest";
import { isoToZonedLocal, zonedLocalToIso } from "@/lib/client/zoned-time";

describe("opening hours on the event's clock", () => {
  it("reads a wall-clock time in the event's zone, whatever the browser's", () => {
    expect(zonedLocalToIso("2027-05-03T10:00", "Asia/Seoul")).toBe("2027-05-03T10:00:00+09:00");
    expect(zonedLocalToIso("2027-05-03T10:00", "Asia/Kolkata")).toBe("2027-05-03T10:00:00+05:30");
    expect(zonedLocalToIso("2027-01-10T09:30", "America/New_York")).toBe("2027-01-10T09:30:00-05:00");
    // Summer time there: the offset of that very day.
    expect(zonedLocalToIso("2027-07-10T09:30", "America/New_York")).toBe("2027-07-10T09:30:00-04:00");
    expect(zonedLocalToIso("", "Asia/Seoul")).toBeNull();
  });

  it("shows a stored instant as the event's wall-clock time", () => {
    expect(isoToZonedLocal("2027-05-03T01:00:00.000Z", "Asia/Seoul")).toBe("2027-05-03T10:00");
    expect(isoToZonedLocal("2027-07-10T13:30:00.000Z", "America/New_York")).toBe("2027-07-10T09:30");
    const roundTrip = zonedLocalToIso("2027-03-14T12:15", "Europe/London")!;
    expect(isoToZonedLocal(new Date(roundTrip).toISOString(), "Europe/London")).toBe("2027-03-14T12:15");
  });
});
