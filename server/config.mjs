// @ts-check
// Every environment variable the product reads, parsed once per process: by the server entry (server.mjs)
// before it listens, and by the app (lib/config.ts re-exports this) under any other server (`next start`,
// `next dev`, the CLI scripts). Plain JavaScript so that `node server.mjs` can load it without a build step;
// type-checked with the rest. A bad value stops start-up with one line naming the variable; nothing else
// reads process.env for a setting.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { LOCALES } from "../shared/i18n/locale-list.mjs";
import { decimalTextToNumber, isRealDate, isTimeZoneName } from "../shared/plain-checks.mjs";

/** @param {string} message */
const wholeNumber = (message) => z.preprocess(decimalTextToNumber, z.number({ error: message }).int(message));

const optionalText = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const optionalDate = optionalText.pipe(
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date written YYYY-MM-DD")
    .refine(isRealDate, "is not a real date")
    .optional(),
);

/** @param {number} fallback */
const requestsAtOnce = (fallback) => wholeNumber("must be a whole number").pipe(z.number().min(1).max(10_000)).default(fallback);

const envSchema = z
  .object({
    PORT: wholeNumber("must be a whole number").pipe(z.number().min(1).max(65535)).default(3000),
    HOSTNAME: optionalText.pipe(z.string().max(255).optional()),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
        .optional(),
    ),
    // Connections each instance opens for visitors' queries (the organiser's 3, the listener and the outage watch come
    // on top): several instances on one Postgres share its max_connections (100 by default).
    DATABASE_POOL_SIZE: wholeNumber("must be a whole number").pipe(z.number().min(1).max(100)).default(10),
    DATA_DIR: optionalText,
    AUTH_SECRET: optionalText.pipe(z.string().min(32, "must be at least 32 characters").optional()),
    ADMIN_NAME: optionalText.pipe(z.string().max(150, "must be 150 characters or fewer").optional()),
    ADMIN_PASSWORD: optionalText.pipe(z.string().min(8, "must be at least 8 characters").optional()),
    PUBLIC_BASE_URL: optionalText.pipe(
      z
        .url({ protocol: /^https?$/, error: "must be an http(s) URL such as https://prizes.example.com" })
        .transform((url) => url.replace(/\/+$/, ""))
        .optional(),
    ),
    APP_TIMEZONE: optionalText.pipe(z.string().refine(isTimeZoneName, "must be an IANA time zone such as Asia/Seoul").optional()),
    RESERVATION_SECONDS: wholeNumber("must be a whole number of seconds").pipe(z.number().min(5).max(3600)).default(60),
    SUPPORT_PHONE: optionalText.pipe(z.string().max(40, "must be 40 characters or fewer").optional()),
    EVENT_START_DATE: optionalDate,
    EVENT_END_DATE: optionalDate,
    TRUSTED_PROXY_HOPS: wholeNumber("must be a whole number").pipe(z.number().min(0).max(10)).default(0),
    LOG_FORMAT: z.enum(["text", "json"], { error: "must be text or json" }).default("text"),
    DEFAULT_LOCALE: z.enum(LOCALES, { error: `must be one of ${LOCALES.join(", ")}` }).default("en"),
    // Prometheus's bearer token for GET /metrics (lib/metrics/registry.ts); unset: /metrics is a 404.
    METRICS_TOKEN: optionalText.pipe(
      z
        .string()
        .min(16, "must be at least 16 characters (generate one with `openssl rand -hex 32`)")
        .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces (it travels in an HTTP header)")
        .optional(),
    ),
    // Idle keep-alive connections stay open longer than any client or load balancer keeps them idle (60 s at
    // most): with Node's default of 5 s, a client could reuse a socket the server was closing and get ECONNRESET.
    KEEP_ALIVE_TIMEOUT: wholeNumber("must be a whole number of milliseconds")
      .pipe(z.number().min(1000, "must be at least 1000 (milliseconds)"))
      .default(65_000),
    // The organiser's lane (server/lane.mjs): measured on the 2-core machine with `npm run bench:overload`.
    VISITOR_CONCURRENCY: requestsAtOnce(24),
    CLAIM_CONCURRENCY: requestsAtOnce(8),
    ADMIN_CONCURRENCY: requestsAtOnce(8),
    ADMIN_QUEUE: requestsAtOnce(64),
    // One visitor's claims (and let-gos) in any 10 s: a phone sends one or two; beyond it, a script.
    CLAIMS_PER_VISITOR: requestsAtOnce(5),
    // The waits between a webhook message's tries (server-behaviour.md, "Webhooks"); after the last, the
    // last wait repeats until 24 h after the message was made, then it is marked failed.
    WEBHOOK_RETRY_SCHEDULE: z
      .string()
      .trim()
      .default("5s,1m,5m,30m,2h,6h,12h")
      .transform((value, context) => {
        const unit = { s: 1, m: 60, h: 3600 };
        const waits = value.split(",").map((part) => {
          const match = /^(\d+)(s|m|h)$/.exec(part.trim());
          return match ? Number(match[1]) * unit[/** @type {"s" | "m" | "h"} */ (match[2])] : 0;
        });
        if (waits.some((wait) => !(wait > 0))) {
          context.addIssue({ code: "custom", message: "must be waits such as 5s,1m,5m,30m,2h (each above zero)" });
          return z.NEVER;
        }
        return waits;
      }),
    // Lets webhook receivers be at loopback and private addresses: for tests and closed networks only.
    WEBHOOKS_ALLOW_PRIVATE: z.enum(["0", "1"], { error: "must be 0 or 1" }).default("0"),
  })
  .superRefine((env, issue) => {
    if (env.DATABASE_URL && !env.AUTH_SECRET) {
      issue.addIssue({
        code: "custom",
        path: ["AUTH_SECRET"],
        message: "is required when DATABASE_URL is set (every instance must share it); generate one with `openssl rand -base64 32`",
      });
    }
    if (Boolean(env.ADMIN_NAME) !== Boolean(env.ADMIN_PASSWORD)) {
      issue.addIssue({
        code: "custom",
        path: [env.ADMIN_NAME ? "ADMIN_PASSWORD" : "ADMIN_NAME"],
        message: "must be set together with the other of ADMIN_NAME / ADMIN_PASSWORD",
      });
    }
    if (env.EVENT_START_DATE && env.EVENT_END_DATE && env.EVENT_END_DATE < env.EVENT_START_DATE) {
      issue.addIssue({ code: "custom", path: ["EVENT_END_DATE"], message: "must not be before EVENT_START_DATE" });
    }
  });

/**
 * @typedef {{ kind: "postgres", url: string, poolSize: number } | { kind: "embedded", dataDir: string }} DatabaseTarget
 * @typedef {{ visitors: number, claims: number, admins: number, adminQueue: number, claimsPerVisitor: number }} LaneBounds
 * @typedef {{
 *   port: number,
 *   hostname: string,
 *   database: DatabaseTarget,
 *   dataDir: string,
 *   authSecret: string,
 *   initialAdmin: { name: string, password: string } | undefined,
 *   publicBaseUrl: string | undefined,
 *   timeZone: string,
 *   reservationSeconds: number,
 *   supportPhone: string | undefined,
 *   eventPeriod: { start: string | undefined, end: string | undefined },
 *   trustedProxyHops: number,
 *   logFormat: "text" | "json",
 *   defaultLocale: import("../shared/i18n/locale-list.mjs").Locale,
 *   metricsToken: string | undefined,
 *   keepAliveTimeoutMs: number,
 *   lanes: LaneBounds,
 *   webhooks: { retrySeconds: number[], allowPrivate: boolean },
 * }} AppConfig
 * trustedProxyHops: how many proxies in front append to X-Forwarded-For and may be believed
 * (lib/api/client-address.ts). defaultLocale: the language of a person whose browser asks for none of ours.
 * metricsToken: the bearer token GET /metrics asks for; undefined: /metrics answers 404.
 */

/** Every variable read, by name: the README's table and .env.example document each (a unit test holds that). */
export const SETTING_NAMES = Object.keys(envSchema.shape);

export class ConfigError extends Error {}

/**
 * One line per bad variable, e.g. `RESERVATION_SECONDS: Too small: expected number to be >=5`.
 * @param {z.ZodError} error
 */
function formatIssues(error) {
  return error.issues.map((issue) => `${issue.path.join(".") || "environment"}: ${issue.message}`).join("; ");
}

/**
 * In embedded mode the secret is generated once and kept beside the data, so sessions survive restarts.
 * @param {string} dataDir
 */
function embeddedAuthSecret(dataDir) {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: "wx" });
  return secret;
}

/**
 * @param {Record<string, string | undefined>} env
 * @returns {AppConfig}
 */
export function parseConfig(env) {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) throw new ConfigError(`Invalid configuration: ${formatIssues(parsed.error)}`);
  const values = parsed.data;
  const dataDir = path.resolve(/*turbopackIgnore: true*/ values.DATA_DIR ?? "data");
  return {
    port: values.PORT,
    hostname: values.HOSTNAME ?? "0.0.0.0",
    database: values.DATABASE_URL
      ? { kind: "postgres", url: values.DATABASE_URL, poolSize: values.DATABASE_POOL_SIZE }
      : { kind: "embedded", dataDir },
    dataDir,
    authSecret: values.AUTH_SECRET ?? embeddedAuthSecret(dataDir),
    initialAdmin: values.ADMIN_NAME && values.ADMIN_PASSWORD ? { name: values.ADMIN_NAME, password: values.ADMIN_PASSWORD } : undefined,
    publicBaseUrl: values.PUBLIC_BASE_URL,
    timeZone: values.APP_TIMEZONE ?? Intl.DateTimeFormat().resolvedOptions().timeZone,
    reservationSeconds: values.RESERVATION_SECONDS,
    supportPhone: values.SUPPORT_PHONE,
    eventPeriod: { start: values.EVENT_START_DATE, end: values.EVENT_END_DATE },
    trustedProxyHops: values.TRUSTED_PROXY_HOPS,
    logFormat: values.LOG_FORMAT,
    defaultLocale: values.DEFAULT_LOCALE,
    metricsToken: values.METRICS_TOKEN,
    keepAliveTimeoutMs: values.KEEP_ALIVE_TIMEOUT,
    lanes: {
      visitors: values.VISITOR_CONCURRENCY,
      claims: values.CLAIM_CONCURRENCY,
      admins: values.ADMIN_CONCURRENCY,
      adminQueue: values.ADMIN_QUEUE,
      claimsPerVisitor: values.CLAIMS_PER_VISITOR,
    },
    webhooks: { retrySeconds: values.WEBHOOK_RETRY_SCHEDULE, allowPrivate: values.WEBHOOKS_ALLOW_PRIVATE === "1" },
  };
}

// On globalThis, under a registered symbol: the server entry and the app's bundles each load this module
// (Next.js bundles its own copy), and they must share one parse, and one generated secret, per process.
const CONFIG_KEY = Symbol.for("prize-giveaway.config");

/** @returns {AppConfig} the process's configuration, parsed on first use and then kept. */
export function getConfig() {
  const holder = /** @type {Record<symbol, AppConfig | undefined>} */ (/** @type {unknown} */ (globalThis));
  holder[CONFIG_KEY] ??= parseConfig(process.env);
  return holder[CONFIG_KEY];
}
