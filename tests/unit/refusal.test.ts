import { describe, expect, it } from "vitest";
import { refusalOf } from "@/components/public/refusal";
import { ApiError } from "@/lib/client/api";
import en from "@/messages/en.json";

// The English words the API answers a caller with no language of ours.
const { holdingAnother: HOLDING_ANOTHER, letGoRecently: LET_GO_RECENTLY, taken: TAKEN } = en.visitor.api;

const refused = (body: Record<string, unknown> | null, status = 409) => new ApiError(status, body);

describe("what a refused tap tells the visitor", () => {
  it("keeps the server's own words, and only 'taken' is someone else's doing", () => {
    expect(refusalOf(refused({ detail: TAKEN, code: "taken" }), null, TAKEN)).toEqual({ kind: "taken", message: TAKEN });
    expect(refusalOf(refused({ detail: HOLDING_ANOTHER, code: "holding_another" }), null, TAKEN)).toEqual({
      kind: "holding_another",
      message: HOLDING_ANOTHER,
    });
  });

  it("a refusal after letting the prize go carries when the page may tap again, if it knows", () => {
    expect(refusalOf(refused({ detail: LET_GO_RECENTLY, code: "let_go_recently" }), 1_000_000, TAKEN)).toEqual({
      kind: "let_go_recently",
      message: LET_GO_RECENTLY,
      tapAgainAt: 1_000_000,
    });
  });

  it("the event's rules are said as such, never as someone else's tap", () => {
    for (const code of ["event_not_started", "event_ended", "event_paused", "win_limit", "hour_budget"] as const) {
      expect(refusalOf(refused({ detail: "The server's words.", code }), null, TAKEN)).toEqual({
        kind: "rule",
        code,
        message: "The server's words.",
      });
    }
  });

  it("a 409 with no known reason is the first-come-first-served case, in the server's words", () => {
    expect(refusalOf(refused({ detail: "Gone." }), null, TAKEN)).toEqual({ kind: "taken", message: "Gone." });
  });

  it("no answer, or the server in trouble: unreachable, with the server's detail when it sent one", () => {
    expect(refusalOf(refused(null, 0), null, TAKEN)).toEqual({ kind: "unreachable", message: null });
    expect(refusalOf(refused({ detail: "The database is not answering." }, 503), null, TAKEN)).toEqual({
      kind: "unreachable",
      message: "The database is not answering.",
    });
    expect(refusalOf(new TypeError("boom"), null, TAKEN)).toEqual({ kind: "unreachable", message: null });
  });
});
