import { describe, expect, it } from "vitest";
import { FORGED, type Lane, Lanes, laneOf, type RequestFacts } from "@/server/lane.mjs";

const CLAIM = "/api/p/abcdefghijk/prize/claim/";
const VISITOR = "AAAAAAAAAAAAAAAAAAAAAA";
const facts = (method: string, path: string, more: Partial<RequestFacts> = {}): RequestFacts => ({
  method,
  path,
  session: undefined,
  visitorId: undefined,
  bodyBytes: 0,
  ...more,
});
const bounds = { visitors: 2, claims: 1, admins: 2, adminQueue: 2, claimsPerVisitor: 5 };

type Admission = ReturnType<Lanes["admit"]>;
function admitted(admission: Admission) {
  if (admission instanceof Promise || !admission.admitted) throw new Error("not admitted at once");
  return admission;
}
const admit = (lanes: Lanes, lane: Lane, more: Partial<RequestFacts> = {}) => lanes.admit(lane, facts("GET", "/", more));

describe("laneOf (server/lane.mjs)", () => {
  it("gives the admin lanes only to a session that verified; short changes are buttons, uploads and long work are not", () => {
    const session = "session-1";
    for (const path of ["/admin", "/admin/dashboard", "/api/prizes/", "/api/winners/3/", "/api/admin/settings/"]) {
      expect(laneOf(facts("GET", path, { session })), path).toBe("admin");
      expect(laneOf(facts("GET", path)), path).toBe("unverified");
      expect(laneOf(facts("GET", path, { session: FORGED })), path).toBe("unverified");
    }
    for (const path of ["/api/prizes/reset_all_daily/", "/api/prize-distributions/randomize/", "/api/winners/3/mark_received/"]) {
      expect(laneOf(facts("POST", path, { session })), path).toBe("button");
      expect(laneOf(facts("POST", path, { session: FORGED })), path).toBe("unverified");
    }
    for (const path of ["/api/prizes/", "/api/products/4/", "/api/admin/settings/logo/", "/api/admin/event/start_new/"])
      expect(laneOf(facts("POST", path, { session })), path).toBe("admin");
  });

  it("gives sign-in its own lane; a forged session cookie anywhere earns nothing", () => {
    for (const path of ["/admin/login", "/api/admin/login/", "/api/auth/session"]) {
      expect(laneOf(facts("GET", path)), path).toBe("sign_in");
      expect(laneOf(facts("POST", path, { session: FORGED })), path).toBe("sign_in");
    }
    expect(laneOf(facts("GET", "/p/abcdefghijk", { session: FORGED }))).toBe("unverified");
    // A real organiser on a visitor's page is a visitor there.
    expect(laneOf(facts("GET", "/p/abcdefghijk", { session: "session-1" }))).toBe("visitor");
  });

  it("keeps claims only when they can be one: a signed visitor cookie and a claim-sized body", () => {
    expect(laneOf(facts("POST", CLAIM, { visitorId: VISITOR, bodyBytes: 40 }))).toBe("claim");
    expect(laneOf(facts("PATCH", CLAIM, { visitorId: VISITOR, bodyBytes: 0 }))).toBe("claim");
    // A new hold is a visitor's call.
    expect(laneOf(facts("POST", CLAIM, { visitorId: VISITOR, bodyBytes: 0 }))).toBe("visitor");
    expect(laneOf(facts("POST", CLAIM, { visitorId: VISITOR, bodyBytes: 2 }))).toBe("visitor");
    // No signed visitor cookie, or a 2,000-character nickname: it cannot be a claim, and proved nothing.
    expect(laneOf(facts("POST", CLAIM, { bodyBytes: 40 }))).toBe("unverified");
    expect(laneOf(facts("PATCH", CLAIM))).toBe("unverified");
    expect(laneOf(facts("POST", CLAIM, { visitorId: VISITOR, bodyBytes: 2_040 }))).toBe("unverified");
    // A tap without the cookie yet is a visitor's (the app answers 428 with one).
    expect(laneOf(facts("POST", CLAIM))).toBe("visitor");
  });

  it("bounds pages, state calls, pings and streams; leaves static files and health alone", () => {
    for (const path of ["/p/abcdefghijk", "/api/p/abcdefghijk/prize/", "/api/ping/", "/api/display/tok/events/", "/"])
      expect(laneOf(facts("GET", path)), path).toBe("visitor");
    for (const path of ["/_next/static/chunks/a.js", "/robots.txt", "/api/images/1.webp", "/api/health/"])
      expect(laneOf(facts("GET", path)), path).toBe("free");
  });
});

describe("Lanes", () => {
  it("sheds visitors beyond the bound with a Retry-After of 1-3 s, and frees a place once however often it is released", () => {
    const lanes = new Lanes(bounds);
    const first = admitted(admit(lanes, "visitor"));
    admitted(admit(lanes, "visitor"));
    const shed = admit(lanes, "visitor");
    if (shed instanceof Promise || shed.admitted) throw new Error("not shed");
    expect([1, 2, 3]).toContain(shed.retryAfterSeconds);
    admitted(admit(lanes, "free"));
    first.release();
    first.release();
    admitted(admit(lanes, "visitor"));
    expect(admit(lanes, "visitor")).toMatchObject({ admitted: false });
  });

  it("never lets unverified requests, sign-ins or waiting admins hold visitors back", async () => {
    const lanes = new Lanes({ ...bounds, visitors: 10, admins: 1 });
    for (let index = 0; index < 4; index += 1) admitted(admit(lanes, "unverified"));
    expect(admit(lanes, "unverified")).toMatchObject({ admitted: false });
    admitted(admit(lanes, "sign_in"));
    admitted(admit(lanes, "sign_in"));
    expect(admit(lanes, "sign_in")).toBeInstanceOf(Promise);
    const organiser = admitted(admit(lanes, "admin", { session: "a" }));
    const waiting = admit(lanes, "admin", { session: "b" });
    expect(waiting).toBeInstanceOf(Promise);
    // With all of those in flight or waiting, a visitor still goes in.
    admitted(admit(lanes, "visitor"));
    organiser.release();
    expect((await waiting).admitted).toBe(true);
  });

  it("sheds unverified requests whenever visitors are being shed: they come first to go", () => {
    const lanes = new Lanes(bounds);
    admitted(admit(lanes, "visitor"));
    admitted(admit(lanes, "visitor"));
    expect(admit(lanes, "unverified")).toMatchObject({ admitted: false });
  });

  it("does not count an unverified request's refusal as overload: a button then keeps no visitor out", () => {
    const lanes = new Lanes({ ...bounds, visitors: 10 });
    for (let index = 0; index < 4; index += 1) admitted(admit(lanes, "unverified"));
    expect(admit(lanes, "unverified")).toMatchObject({ admitted: false });
    admitted(admit(lanes, "button", { session: "a" }));
    admitted(admit(lanes, "visitor"));
  });

  it("lets unverified requests in at a bounded rate, and holds their refusals a second before answering", () => {
    let clock = 0;
    const lanes = new Lanes({ ...bounds, visitors: 4 }, () => clock);
    // 20 a second at most (the visitors' bound, at least 20), 4 at once.
    let admittedCount = 0;
    for (let index = 0; index < 30; index += 1) {
      const admission = admit(lanes, "unverified");
      if (admission instanceof Promise) throw new Error("an unverified request waited");
      if (admission.admitted) {
        admittedCount += 1;
        admission.release();
      } else expect(admission.answerAfterMs).toBe(1_000);
    }
    expect(admittedCount).toBe(20);
    clock += 500;
    admitted(admit(lanes, "unverified")).release();
  });

  it("lets one session have 4 admin requests in flight; its 5th waits while another session goes ahead", async () => {
    const lanes = new Lanes({ ...bounds, admins: 8, adminQueue: 8 });
    const busy = Array.from({ length: 4 }, () => admitted(admit(lanes, "admin", { session: "busy" })));
    const fifth = admit(lanes, "admin", { session: "busy" });
    expect(fifth).toBeInstanceOf(Promise);
    admitted(admit(lanes, "admin", { session: "other" }));
    busy[0]?.release();
    expect((await fifth).admitted).toBe(true);
  });

  it("refuses admins past the queue", () => {
    const lanes = new Lanes({ ...bounds, admins: 1, adminQueue: 1 });
    admitted(admit(lanes, "admin", { session: "a" }));
    expect(admit(lanes, "admin", { session: "b" })).toBeInstanceOf(Promise);
    expect(admit(lanes, "admin", { session: "c" })).toMatchObject({ admitted: false });
  });

  it("on an overloaded instance, a button keeps visitors out for its first second only", () => {
    let clock = 0;
    const lanes = new Lanes({ ...bounds, visitors: 1 }, () => clock);
    // Not overloaded: a button leaves visitors alone.
    const quiet = admitted(admit(lanes, "button", { session: "a" }));
    const visitor = admitted(admit(lanes, "visitor"));
    quiet.release();
    expect(admit(lanes, "visitor")).toMatchObject({ admitted: false });
    visitor.release();
    clock += 100;
    const button = admitted(admit(lanes, "button", { session: "a" }));
    expect(admit(lanes, "visitor")).toMatchObject({ admitted: false });
    clock += 999;
    expect(admit(lanes, "visitor")).toMatchObject({ admitted: false });
    // A second in, the button still running: visitors come in again.
    clock += 2;
    admitted(admit(lanes, "visitor")).release();
    button.release();
    // Ten seconds after the last shed visitor the instance is no longer overloaded: a button pauses nobody.
    clock += 10_000;
    admitted(admit(lanes, "button", { session: "a" }));
    admitted(admit(lanes, "visitor"));
  });

  it("queues claims past their bound rather than shedding them, and limits one visitor to 5 claims in 10 s", async () => {
    let clock = 0;
    const lanes = new Lanes(bounds, () => clock);
    const first = admitted(admit(lanes, "claim", { visitorId: "one" }));
    const queued = admit(lanes, "claim", { visitorId: "two" });
    expect(queued).toBeInstanceOf(Promise);
    first.release();
    admitted(await queued).release();
    for (let index = 0; index < 3; index += 1) admitted(admit(lanes, "claim", { visitorId: "one" })).release();
    clock += 4_000;
    admitted(admit(lanes, "claim", { visitorId: "one" })).release();
    const sixth = admit(lanes, "claim", { visitorId: "one" });
    if (sixth instanceof Promise || sixth.admitted) throw new Error("a sixth claim in 10 s went in");
    expect(sixth.answerAfterMs).toBe(1_000);
    // The first of the five was at 0 s: a place frees at 10 s, 6 s from now.
    expect(sixth.retryAfterSeconds).toBe(6);
    admitted(admit(lanes, "claim", { visitorId: "two" })).release();
    clock += 6_000;
    admitted(admit(lanes, "claim", { visitorId: "one" })).release();
  });
});
