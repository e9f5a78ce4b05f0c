import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { admins, loginAttempts } from "@/db/schema";
import { DEVICE_COOKIE } from "@/lib/auth/device-cookie";
import { createAdmin } from "@/lib/services/admins/create";
import { MAX_FAILURES_PER_DEVICE, MAX_FAILURES_PER_NAME, signInNameKey } from "@/lib/services/auth/throttle";
import { LOGIN_SUCCESSFUL } from "@/lib/validation/admin";
import { type FileServer, serverForFile } from "../support/file-server";
import { TestClient } from "../support/http-client";
import { cheapPasswordHash } from "../support/test-database";

const LOGIN = "/api/admin/login/";
const ATTACKING_ADDRESSES = 42;
const GUESSES_EACH = 5;

/**
 * Five wrong passwords for one name from each of 42 addresses once locked the organiser out
 * from any new address for 13 minutes, and their success cleared the name's failures (fresh guesses for
 * the attacker). Device cookies (OWASP): the organiser's browser keeps signing in; attackers' counts stay.
 * Admins of their own here: locking out the suite's admin would lock out every other test file.
 */
describe("sign-in with device cookies", () => {
  let file: FileServer;
  let baseUrl: string;
  const suffix = Date.now().toString(36);
  const organiser = { name: `Organiser-${suffix}`, password: "organiser-right-password" };
  const careful = { name: `careful-${suffix}`, password: "careful-right-password" };

  beforeAll(async () => {
    file = await serverForFile("sign-in-devices");
    baseUrl = file.url;
    await file.withDatabase(async (db) => {
      for (const admin of [organiser, careful]) {
        await createAdmin({ ctx: { db, eventId: 1 }, input: admin });
        // The 210 wrong guesses below are each checked against this hash: at the app's cost, 20 s of CPU.
        await db
          .update(admins)
          .set({ passwordHash: await cheapPasswordHash(admin.password) })
          .where(eq(admins.name, admin.name));
      }
    });
  });
  afterAll(() => file?.stop());

  const browserAt = (address: string) => new TestClient(baseUrl, address).init();
  /**
   * The failures without a trusted device counted against each name, read once at the end of a test: on
   * PGlite each reach into the database stops and restarts the file's server.
   */
  const untrustedFailures = () =>
    file.withDatabase(async (db) => {
      const count = async (name: string) => {
        const [row] = await db
          .select({ count: sql<number>`count(*)::int` })
          .from(loginAttempts)
          .where(and(eq(loginAttempts.name, signInNameKey(name)), isNull(loginAttempts.device)));
        return row!.count;
      };
      return { organiser: await count(organiser.name), careful: await count(careful.name) };
    });

  it("the organiser's browser signs in from a new address while 42 addresses guess the name; others wait; the guesses still count", async () => {
    const home = await browserAt("192.0.2.10");
    const first = await home.post(LOGIN, organiser);
    expect(first.status).toBe(200);
    const device = home.lastSetCookies.find((cookie) => cookie.name === DEVICE_COOKIE);
    expect(device?.attributes).toEqual(expect.arrayContaining(["httponly", "path=/api/admin/login", "samesite=strict"]));

    const attackers = await Promise.all(Array.from({ length: ATTACKING_ADDRESSES }, (_, index) => browserAt(`198.51.100.${index + 1}`)));
    const started = performance.now();
    const statuses = (
      await Promise.all(
        attackers.map(async (attacker) => {
          const seen: number[] = [];
          for (let guess = 0; guess < GUESSES_EACH; guess += 1) {
            seen.push((await attacker.post(LOGIN, { name: organiser.name, password: `wrong-${guess}` })).status);
          }
          return seen;
        }),
      )
    ).flat();
    const tally = (status: number) => statuses.filter((seen) => seen === status).length;
    console.log(
      `${ATTACKING_ADDRESSES} addresses x ${GUESSES_EACH} guesses in ${(performance.now() - started).toFixed(0)} ms: ` +
        `${tally(400)} wrong-password answers, ${tally(429)} throttled`,
    );
    expect(tally(400) + tally(429)).toBe(ATTACKING_ADDRESSES * GUESSES_EACH);
    expect(tally(429)).toBeGreaterThan(0);
    // Guesses arriving together at the backstop can refuse each other; one more address guessing one at a
    // time until refused leaves exactly the backstop's count against the name.
    const lastAttacker = await browserAt("198.51.100.250");
    let status = 0;
    for (let guess = 0; guess < GUESSES_EACH && status !== 429; guess += 1) {
      status = (await lastAttacker.post(LOGIN, { name: organiser.name, password: `last-${guess}` })).status;
    }
    expect(status).toBe(429);

    // A new address without the device cookie: the name is locked out for untrusted clients.
    const stranger = await browserAt("203.0.113.7");
    expect((await stranger.post(LOGIN, organiser)).status).toBe(429);

    // The organiser's browser on another network: its device cookie, a new address. It signs in.
    const travelling = await browserAt("203.0.113.99");
    travelling.cookies.set(DEVICE_COOKIE, device!.value);
    const again = await travelling.post(LOGIN, organiser);
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ message: LOGIN_SUCCESSFUL });
    expect(travelling.sessionCookieName()).toBeDefined();

    // The organiser's success forgave none of the attackers' failures: the backstop's count stands.
    expect((await stranger.post(LOGIN, organiser)).status).toBe(429);
    expect((await attackers[0]!.post(LOGIN, { name: organiser.name, password: "one-more-guess" })).status).toBe(429);
    expect((await untrustedFailures()).organiser).toBe(MAX_FAILURES_PER_NAME);
    // 210 password checks, one or two at a time (hashing runs on half the cores): ~30 s on an idle
    // 2-core machine, minutes on a busy one. The figure is printed above.
  }, 600_000);

  it("a device cookie counts only for the name it was given for, and only as the server signed it", async () => {
    const browser = await browserAt("192.0.2.20");
    expect((await browser.post(LOGIN, careful)).status).toBe(200);
    const device = browser.cookies.get(DEVICE_COOKIE)!;
    // The same cookie with another name, and a forged one with this name: both counted as untrusted.
    expect((await browser.post(LOGIN, { name: organiser.name, password: "not-it" })).status).toBe(429);
    // Its signature's last two characters replaced: by "AA" unless they were "AA" already (one cookie in 1,024),
    // when the "forgery" would be the real cookie, trusted, and counted against the device.
    browser.cookies.set(DEVICE_COOKIE, `${device.slice(0, -2)}${device.endsWith("AA") ? "BB" : "AA"}`);
    const forged = await browser.post(LOGIN, { name: careful.name, password: "not-it-either" });
    expect(forged.status).toBe(400);
    // The organiser's name was at the backstop already (the test above): the refused guess added nothing.
    expect(await untrustedFailures()).toEqual({ organiser: MAX_FAILURES_PER_NAME, careful: 1 });
  });

  it("a trusted device is throttled on its own count, apart from the name's untrusted one", async () => {
    const browser = await browserAt("192.0.2.30");
    expect((await browser.post(LOGIN, careful)).status).toBe(200);
    for (let guess = 0; guess < MAX_FAILURES_PER_DEVICE; guess += 1) {
      expect((await browser.post(LOGIN, { name: careful.name, password: `typo-${guess}` })).status).toBe(400);
    }
    expect((await browser.post(LOGIN, careful)).status).toBe(429);
    // The device's typos stayed off the name's untrusted count: still the one forged guess of the test above.
    expect((await untrustedFailures()).careful).toBe(1);
    // Another browser at the very same address, without the cookie, is not held back by the device's count.
    const colleague = await browserAt("192.0.2.30");
    expect((await colleague.post(LOGIN, careful)).status).toBe(200);
  });
});
