import { describe, expect, it } from "vitest";
import { boundFrom, Lanes, laneOf } from "@/server/lane.mjs";

describe("laneOf (server/lane.mjs)", () => {
  it("puts the organiser's addresses and any admin session in the admin lane, and their changes in the button lane", () => {
    for (const url of [
      "/admin",
      "/admin/dashboard",
      "/api/admin/login/",
      "/api/prizes/reset_all_daily/",
      "/api/products/1/",
      "/api/prize-distributions/randomize/",
      "/api/winners/3/mark_received/",
    ]) {
      expect(laneOf("GET", url, {}), url).toBe("admin");
      expect(laneOf("HEAD", url, {}), url).toBe("admin");
      for (const method of ["POST", "PATCH", "PUT", "DELETE"]) expect(laneOf(method, url, {}), `${method} ${url}`).toBe("button");
    }
    // A visitor's own calls stay the visitor's, even from an organiser's phone: only the organiser's addresses are buttons.
    expect(laneOf("POST", "/api/p/abcdefghijk/prize/claim/", { cookie: "authjs.session-token=xyz" })).toBe("admin");
    expect(laneOf("GET", "/p/abcdefghijk", { cookie: "a=1; authjs.session-token=xyz" })).toBe("admin");
    expect(laneOf("GET", "/p/abcdefghijk", { cookie: "__Secure-authjs.session-token=xyz" })).toBe("admin");
  });

  it("never sheds a claim with a nickname or a let-go; a new hold is a visitor's", () => {
    const claim = "/api/p/abcdefghijk/prize/claim/";
    expect(laneOf("POST", claim, { "content-length": "40" })).toBe("keep");
    expect(laneOf("POST", claim, { "transfer-encoding": "chunked" })).toBe("keep");
    expect(laneOf("PATCH", claim, {})).toBe("keep");
    expect(laneOf("POST", claim, { "content-length": "0" })).toBe("visitor");
    expect(laneOf("POST", claim, { "content-length": "2" })).toBe("visitor");
    expect(laneOf("POST", claim, {})).toBe("visitor");
  });

  it("bounds pages, state calls, pings and streams; leaves static files and health alone", () => {
    for (const url of ["/p/abcdefghijk", "/api/p/abcdefghijk/prize/", "/api/ping/", "/api/display/tok/events/", "/"])
      expect(laneOf("GET", url, {}), url).toBe("visitor");
    for (const url of ["/_next/static/chunks/a.js", "/robots.txt", "/api/images/1.webp", "/api/health/", "/metrics"])
      expect(laneOf("GET", url, {}), url).toBe("free");
  });
});

describe("Lanes", () => {
  it("sheds visitors beyond the bound with a Retry-After of 1-3 s, admits keeps always, and frees places once", () => {
    const lanes = new Lanes({ visitors: 2, admins: 1, adminQueue: 1 });
    const first = lanes.admit("visitor");
    const second = lanes.admit("visitor");
    if (first instanceof Promise || second instanceof Promise || !first.admitted || !second.admitted) throw new Error("not admitted");
    const shed = lanes.admit("visitor");
    expect(shed).toMatchObject({ admitted: false });
    if (!(shed instanceof Promise) && !shed.admitted) expect([1, 2, 3]).toContain(shed.retryAfterSeconds);
    expect(lanes.admit("keep")).toMatchObject({ admitted: true });
    expect(lanes.admit("free")).toMatchObject({ admitted: true });
    first.release();
    first.release();
    // Two in flight still (the second and the keep): a twice-released place is freed once.
    expect(lanes.admit("visitor")).toMatchObject({ admitted: false });
  });

  it("queues admins beyond their bound, sheds visitors while one waits, and sheds admins past the queue", async () => {
    const lanes = new Lanes({ visitors: 10, admins: 1, adminQueue: 1 });
    const first = lanes.admit("admin");
    if (first instanceof Promise || !first.admitted) throw new Error("not admitted");
    const waiting = lanes.admit("admin");
    expect(waiting).toBeInstanceOf(Promise);
    expect(lanes.admit("admin")).toMatchObject({ admitted: false });
    expect(lanes.admit("visitor")).toMatchObject({ admitted: false });
    first.release();
    const second = await waiting;
    expect(second.admitted).toBe(true);
    expect(lanes.admit("visitor")).toMatchObject({ admitted: true });
  });

  it("on an overloaded instance, lets no new visitor in while a button is asked for or in flight, and lets them in once it is answered", async () => {
    let clock = 0;
    const lanes = new Lanes({ visitors: 2, admins: 1, adminQueue: 5 }, () => clock);
    const admitted = (admission: ReturnType<Lanes["admit"]>) => {
      if (admission instanceof Promise || !admission.admitted) throw new Error("not admitted");
      return admission;
    };
    // Not overloaded: a button leaves visitors alone.
    const quiet = admitted(lanes.admit("button"));
    const first = admitted(lanes.admit("visitor"));
    quiet.release();
    // Overloaded: a visitor over the bound is shed.
    const second = admitted(lanes.admit("visitor"));
    expect(lanes.admit("visitor")).toMatchObject({ admitted: false });
    first.release();
    second.release();
    clock += 1_000;
    const button = admitted(lanes.admit("button"));
    expect(lanes.admit("visitor")).toMatchObject({ admitted: false });
    // Claims and let-gos still go in; a second button waits for the admin's place, and visitors after it.
    const keep = admitted(lanes.admit("keep"));
    const waitingButton = lanes.admit("button");
    expect(waitingButton).toBeInstanceOf(Promise);
    button.release();
    button.release();
    const next = await waitingButton;
    if (!next.admitted) throw new Error("not admitted");
    expect(lanes.admit("visitor")).toMatchObject({ admitted: false });
    next.release();
    admitted(lanes.admit("visitor")).release();
    keep.release();
    // Ten seconds after the last shed visitor the instance is no longer overloaded: a button pauses nobody.
    clock += 10_000;
    const calm = admitted(lanes.admit("button"));
    admitted(lanes.admit("visitor")).release();
    calm.release();
  });

  it("reads a bound from the environment, keeping the default for anything but a positive whole number", () => {
    expect(boundFrom("12", 24)).toBe(12);
    for (const value of [undefined, "", "0", "-3", "2.5", "lots"]) expect(boundFrom(value, 24)).toBe(24);
  });
});
