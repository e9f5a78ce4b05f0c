import { describe, expect, it } from "vitest";
import { type ClaimFlow, claimFlow, initialClaimFlow, prizeRegion } from "@/components/public/claim-flow";

const claiming = (): ClaimFlow =>
  claimFlow(claimFlow(initialClaimFlow, { type: "tapped" }), {
    type: "held",
    secondsLeft: 60,
    holdUntil: "2026-11-28T10:01:00Z",
    draft: null,
    now: 1_000,
  });

describe("the claim flow (components/public/claim-flow.ts)", () => {
  it("a tap reserves and clears the form's message; a hold opens the form with a deadline on this device's clock", () => {
    const reserving = claimFlow({ ...initialClaimFlow, formError: "old" }, { type: "tapped" });
    expect(reserving).toEqual({ phase: { name: "reserving" }, formError: undefined, ownHold: false });
    expect(claiming().phase).toEqual({ name: "claiming", deadline: 61_000, seconds: 60, holdUntil: "2026-11-28T10:01:00Z", draft: null });
  });

  it("never counts from a negative number of seconds", () => {
    const held = claimFlow(initialClaimFlow, {
      type: "held",
      secondsLeft: -3,
      holdUntil: "x",
      draft: { name: "A", password: "1" },
      now: 5,
    });
    expect(held.phase).toMatchObject({ name: "claiming", deadline: 5, seconds: 0, draft: { name: "A", password: "1" } });
  });

  it("a refused hold shows the refusal; dismissing it goes back to the page", () => {
    const refusal = { kind: "taken" } as never;
    const refused = claimFlow(claimFlow(initialClaimFlow, { type: "tapped" }), { type: "holdRefused", refusal });
    expect(refused.phase).toEqual({ name: "refused", refusal });
    expect(claimFlow(refused, { type: "dismissed" }).phase).toEqual({ name: "idle" });
  });

  it("a claim without an answer keeps the form open with a message; starting again clears it", () => {
    const unanswered = claimFlow(claiming(), { type: "claimUnanswered", message: "No answer" });
    expect(unanswered.phase.name).toBe("claiming");
    expect(unanswered.formError).toBe("No answer");
    expect(claimFlow(unanswered, { type: "claimStarted" }).formError).toBeUndefined();
  });

  it("a claim's answer ends the form with its result", () => {
    const result = { kind: "success", message: "Won" } as never;
    expect(claimFlow(claiming(), { type: "claimEnded", result }).phase).toEqual({ name: "result", result });
  });

  it("closing the form lets go: idle, no message", () => {
    const closed = claimFlow({ ...claiming(), formError: "x" }, { type: "closed" });
    expect(closed).toEqual({ phase: { name: "idle" }, formError: undefined, ownHold: false });
  });

  it("time up ends an open form with when the prize can be tapped again, and leaves any other phase alone", () => {
    expect(claimFlow(claiming(), { type: "timeUp", now: 70_000, holdSeconds: 60 }).phase).toEqual({ name: "expired", tapAgainAt: 130_000 });
    const result = claimFlow(claiming(), { type: "claimEnded", result: { kind: "success", message: "Won" } as never });
    expect(claimFlow(result, { type: "timeUp", now: 70_000, holdSeconds: 60 })).toBe(result);
  });
});

describe("what the prize region shows", () => {
  const page = { won: false, ticketShown: false, dropPending: false, dropAnnounced: false };
  it("a win first, then the ticket, then the standing words", () => {
    expect(prizeRegion(initialClaimFlow, { ...page, won: true, ticketShown: true })).toBe("win");
    expect(prizeRegion(initialClaimFlow, { ...page, ticketShown: true })).toBe("ticket");
    expect(prizeRegion(initialClaimFlow, page)).toBe("standing");
  });

  it("nothing while the visitor's own hold is taken back after a reload; the countdown for an announced drop", () => {
    const ownHold = claimFlow(claimFlow(initialClaimFlow, { type: "ownHoldFound" }), { type: "tapped" });
    expect(prizeRegion(ownHold, page)).toBe("nothing");
    expect(prizeRegion({ ...ownHold, phase: { name: "idle" } }, page)).toBe("standing");
    expect(prizeRegion(initialClaimFlow, { ...page, dropPending: true, dropAnnounced: true })).toBe("dropCountdown");
    expect(prizeRegion(initialClaimFlow, { ...page, dropPending: true })).toBe("standing");
  });
});
