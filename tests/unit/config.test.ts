import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "@/lib/config";
import { isRealDate } from "@/lib/validation/dates";
import { SETTING_NAMES } from "@/server/config.mjs";
import { tempDir } from "../support/test-database";

const embedded = () => ({ DATA_DIR: tempDir("config") });

describe("parseConfig", () => {
  it("runs on the embedded database with defaults and keeps a generated secret in DATA_DIR", () => {
    const env = embedded();
    const config = parseConfig(env);
    expect(config.database).toEqual({ kind: "embedded", dataDir: env.DATA_DIR });
    expect(config.port).toBe(3000);
    expect(config.reservationSeconds).toBe(60);
    expect(config.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(env.DATA_DIR, "auth-secret"), "utf8").trim()).toBe(config.authSecret);
    expect(parseConfig(env).authSecret).toBe(config.authSecret);
  });

  it("uses Postgres when DATABASE_URL is set and then requires AUTH_SECRET", () => {
    expect(() => parseConfig({ DATABASE_URL: "postgres://localhost/app" })).toThrow(/AUTH_SECRET: is required when DATABASE_URL is set/);
    const config = parseConfig({ DATABASE_URL: "postgres://localhost/app", AUTH_SECRET: "x".repeat(32) });
    expect(config.database).toEqual({ kind: "postgres", url: "postgres://localhost/app", poolSize: 10 });
    const smaller = parseConfig({ DATABASE_URL: "postgres://localhost/app", AUTH_SECRET: "x".repeat(32), DATABASE_POOL_SIZE: "4" });
    expect(smaller.database).toEqual({ kind: "postgres", url: "postgres://localhost/app", poolSize: 4 });
  });

  it.each([
    ["PORT", "eighty", /^Invalid configuration: PORT:/],
    ["DATABASE_URL", "mysql://x", /DATABASE_URL: must start with postgres/],
    ["AUTH_SECRET", "short", /AUTH_SECRET: must be at least 32 characters/],
    ["PUBLIC_BASE_URL", "prizes.example.com", /PUBLIC_BASE_URL: must be an http\(s\) URL/],
    ["APP_TIMEZONE", "Nowhere/Town", /APP_TIMEZONE: must be an IANA time zone/],
    ["RESERVATION_SECONDS", "2", /RESERVATION_SECONDS:/],
    ["DATABASE_POOL_SIZE", "0", /DATABASE_POOL_SIZE:/],
    ["DATABASE_POOL_SIZE", "ten", /DATABASE_POOL_SIZE: must be a whole number/],
    ["EVENT_START_DATE", "24 April", /EVENT_START_DATE: must be a date written YYYY-MM-DD/],
    ["TRUSTED_PROXY_HOPS", "0x1", /TRUSTED_PROXY_HOPS: must be a whole number/],
    ["TRUSTED_PROXY_HOPS", "11", /TRUSTED_PROXY_HOPS:/],
    ["LOG_FORMAT", "xml", /LOG_FORMAT: must be text or json/],
    ["KEEP_ALIVE_TIMEOUT", "5", /KEEP_ALIVE_TIMEOUT: must be at least 1000/],
    ["METRICS_TOKEN", "short", /METRICS_TOKEN: must be at least 16 characters/],
    ["WEBHOOK_RETRY_SCHEDULE", "5s,0m", /WEBHOOK_RETRY_SCHEDULE: must be waits such as/],
    ["WEBHOOK_RETRY_SCHEDULE", "5 seconds", /WEBHOOK_RETRY_SCHEDULE: must be waits such as/],
    ["WEBHOOKS_ALLOW_PRIVATE", "yes", /WEBHOOKS_ALLOW_PRIVATE: must be 0 or 1/],
    ["METRICS_TOKEN", "a token with spaces in it", /METRICS_TOKEN: must be printable ASCII without spaces/],
  ])("rejects a bad %s with one line naming it", (name, value, message) => {
    expect(() => parseConfig({ ...embedded(), [name]: value })).toThrow(message);
    expect(() => parseConfig({ ...embedded(), [name]: value })).toThrow(ConfigError);
  });

  it("reads every documented variable", () => {
    const config = parseConfig({
      ...embedded(),
      PORT: "8080",
      ADMIN_NAME: "boss",
      ADMIN_PASSWORD: "long-enough-pw",
      PUBLIC_BASE_URL: "https://prizes.example.com/",
      APP_TIMEZONE: "Asia/Seoul",
      RESERVATION_SECONDS: "90",
      SUPPORT_PHONE: "+82 2 123 4567",
      EVENT_START_DATE: "2026-04-24",
      EVENT_END_DATE: "2026-04-26",
      TRUSTED_PROXY_HOPS: "2",
      LOG_FORMAT: "json",
      METRICS_TOKEN: "scrape-token-0123456789",
    });
    expect(config).toMatchObject({
      port: 8080,
      initialAdmin: { name: "boss", password: "long-enough-pw" },
      publicBaseUrl: "https://prizes.example.com",
      timeZone: "Asia/Seoul",
      reservationSeconds: 90,
      supportPhone: "+82 2 123 4567",
      eventPeriod: { start: "2026-04-24", end: "2026-04-26" },
      trustedProxyHops: 2,
      logFormat: "json",
      metricsToken: "scrape-token-0123456789",
    });
  });

  it("believes no proxy and logs text by default", () => {
    expect(parseConfig(embedded())).toMatchObject({ trustedProxyHops: 0, logFormat: "text" });
  });

  it("refuses an event period that ends before it starts, and half an admin", () => {
    expect(() => parseConfig({ ...embedded(), EVENT_START_DATE: "2026-04-26", EVENT_END_DATE: "2026-04-24" })).toThrow(/EVENT_END_DATE/);
    expect(() => parseConfig({ ...embedded(), ADMIN_NAME: "boss" })).toThrow(/ADMIN_PASSWORD: must be set together/);
  });

  it("treats empty variables as unset", () => {
    expect(parseConfig({ ...embedded(), DATABASE_URL: "", SUPPORT_PHONE: "" }).database.kind).toBe("embedded");
  });
});

describe("isRealDate", () => {
  it("accepts real dates only", () => {
    expect(isRealDate("2028-02-29")).toBe(true);
    expect(isRealDate("2026-02-29")).toBe(false);
    expect(isRealDate("2026-02-30")).toBe(false);
    expect(isRealDate("2026-13-01")).toBe(false);
    expect(isRealDate("2026-4-24")).toBe(false);
  });
});

describe("the documented settings", () => {
  const root = path.resolve(import.meta.dirname, "../..");
  it("lists every variable the configuration reads in the README's table and in .env.example", () => {
    const readme = readFileSync(path.join(root, "README.md"), "utf8");
    const example = readFileSync(path.join(root, ".env.example"), "utf8");
    expect(SETTING_NAMES.length).toBeGreaterThan(20);
    for (const name of SETTING_NAMES) {
      expect(readme, name).toMatch(new RegExp(`^\\|[^\\n]*\`${name}\``, "m"));
      expect(example, name).toMatch(new RegExp(`^#? ?${name}=`, "m"));
    }
  });
});
