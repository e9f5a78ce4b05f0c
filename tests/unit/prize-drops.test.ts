import { describe, expect, it } from "vitest";
import { timeLeft } from "@/components/public/drop-countdown";
import { refusalOf } from "@/components/public/refusal";
import { ApiError } from "@/lib/client/api";
import { cachedProductPagePath, dropTimeOf, prizeStateOf } from "@/shared/urls/public-page-cache";

const page = { version: "1700000000000000-0", rules_version: "1", branding_version: "2" };

describe("an announced drop on the product page", () => {
  it("is a state of its own, named by the drop's time, so a moved drop is a new cached copy", () => {
    const dropsAt = "2027-05-03T06:00:00.500Z";
    const state = prizeStateOf({ has_prize: false, is_reserved: false, event_state: "open", drops_at: dropsAt });
    expect(state).toBe("drop");
    const path = cachedProductPagePath("AbCdEfGh12", { ...page, drops_at: dropsAt }, state, "ko");
    expect(path).toBe(`/ko/p/AbCdEfGh12/v/${encodeURIComponent(`${page.version}-b2-d${Date.parse(dropsAt)}`)}/drop`);
    expect(dropTimeOf(path.split("/")[5]!)).toBe(dropsAt);
    const moved = cachedProductPagePath("AbCdEfGh12", { ...page, drops_at: "2027-05-03T06:30:00.000Z" }, state, "ko");
    expect(moved).not.toBe(path);
  });

  it("a winning moment, or nothing announced, is the empty page's state and copy; the event's state comes first", () => {
    expect(prizeStateOf({ has_prize: false, is_reserved: false, event_state: "open", drops_at: null })).toBe("none");
    expect(prizeStateOf({ has_prize: false, is_reserved: false, event_state: "paused", drops_at: "2027-05-03T06:00:00.000Z" })).toBe(
      "paused",
    );
    expect(cachedProductPagePath("AbCdEfGh12", { ...page, drops_at: null }, "none", "en")).toBe(
      cachedProductPagePath("AbCdEfGh12", page, "none", "en"),
    );
    expect(dropTimeOf(`${page.version}-b2`)).toBeNull();
  });

  it("counts down in whole seconds rounded up", () => {
    expect(timeLeft(0)).toBe("0:00");
    expect(timeLeft(1)).toBe("0:01");
    expect(timeLeft(59_001)).toBe("1:00");
    expect(timeLeft(3_600_000 + 62_000)).toBe("1:01:02");
  });

  it("an early tap's refusal is a rule, said with the server's words", () => {
    const error = new ApiError(409, { detail: "This prize drops at 15:00.", code: "not_yet", drops_at: "2027-05-03T06:00:00.000Z" });
    expect(refusalOf(error, null, "taken")).toEqual({ kind: "rule", code: "not_yet", message: "This prize drops at 15:00." });
  });
});
