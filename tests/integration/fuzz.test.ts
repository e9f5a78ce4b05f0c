import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "@/db";
import { settings } from "@/db/schema";
import { newCsrfToken } from "@/lib/api/csrf";
import { type DiscoveredRoute, discoverApiRoutes, fillTemplate } from "../support/api-routes";
import { rowsOf } from "../support/direct-database";
import { type FileServer, startOwnServer } from "../support/file-server";
import { signedInClient } from "../support/http-client";
import { NO_ANSWER, rawRequest } from "../support/raw-http";
import { seedPages, seedPrize } from "../support/seed";
import { TEST_ADMIN } from "./global-setup";

/** What a path parameter may be replaced by: unknown, malformed, hostile. None names a real row. */
const PATH_JUNK = [
  "0",
  "-1",
  "0x10",
  "0b1",
  "1e3",
  "1.5",
  "99999999999999999999",
  "2147483648",
  "%ED%A0%80",
  "%FF%FE",
  "%C0%AF",
  "%00",
  "..",
  "%2e%2e",
  "%2F",
  "%5B1%5D",
  "null",
  "a".repeat(3000),
  "%F0%9F%98%80",
];
/** Every field name any route reads: each junk body sets all of them, so no body is valid anywhere. */
const FIELDS = [
  "name",
  "password",
  "description",
  "total_quantity",
  "daily_distribution",
  "maintenance_count",
  "remaining_quantity",
  "expected_remaining_quantity",
  "is_active",
  "image",
  "remove_image",
  "prize",
  "product",
  "product_ids",
  "force",
  "confirm",
  "reset",
  "maintenance_mode",
  "prize_id",
  "event_start_date",
  "event_end_date",
  "is_received",
];
const VALUE_JUNK: unknown[] = [
  "0x10",
  "0b1",
  "1e3",
  " 1 ",
  [1],
  [],
  { a: 1 },
  1.5,
  -1,
  1e308,
  "",
  true,
  "a\u0000b",
  "\ud800\u202e",
  "x".repeat(5000),
];
const QUERY_KEYS = ["page", "page_size", "search", "force", "confirm", "product", "prize", "is_received", "start_date", "end_date"];
const QUERY_JUNK = ["0x10", "0b1", "1e3", "-1", "%5B1%5D", "%00", "%ED%A0%80", "x".repeat(4000), "99999999999999999999", "2026-02-30"];

type Body = { kind: string; contentType?: string; body: Buffer };
const json = (value: unknown) => Buffer.from(JSON.stringify(value));
const allFields = (value: unknown) => Object.fromEntries(FIELDS.map((field) => [field, value]));

function junkBodies(): Body[] {
  const bodies: Body[] = VALUE_JUNK.map((value) => ({
    kind: `fields=${JSON.stringify(value).slice(0, 20)}`,
    contentType: "application/json",
    body: json(allFields(value)),
  }));
  const form = FIELDS.map((field) => `${field}=0x10`).join("&");
  const parts = FIELDS.map((field) => `--b\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n0x10\r\n`).join("");
  const multipart = `${parts}--b--\r\n`;
  return [
    ...bodies,
    {
      kind: "nickname 10 KB",
      contentType: "application/json",
      body: json({ ...allFields(-1), name: "x".repeat(10_000), password: "1234" }),
    },
    {
      kind: "nickname 1 MB",
      contentType: "application/json",
      body: json({ ...allFields(-1), name: "x".repeat(1024 * 1024), password: "1234" }),
    },
    { kind: "body 2 MB", contentType: "application/json", body: json(allFields("y".repeat(100_000))) },
    { kind: "invalid JSON", contentType: "application/json", body: Buffer.from('{"name":') },
    { kind: "invalid UTF-8", contentType: "application/json", body: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]) },
    { kind: "deep arrays", contentType: "application/json", body: Buffer.from(`${"[".repeat(10_000)}${"]".repeat(10_000)}`) },
    { kind: "deep objects", contentType: "application/json", body: Buffer.from(`${'{"a":'.repeat(5000)}1${"}".repeat(5000)}`) },
    { kind: "top-level string", contentType: "application/json", body: json("text") },
    { kind: "top-level number", contentType: "application/json", body: json(123) },
    { kind: "top-level list", contentType: "application/json", body: json([1]) },
    { kind: "empty list", contentType: "application/json", body: json([]) },
    { kind: "text/plain", contentType: "text/plain", body: json(allFields("0x10")) },
    { kind: "xml", contentType: "application/xml", body: Buffer.from("<a><name>x</name></a>") },
    { kind: "octet-stream", contentType: "application/octet-stream", body: Buffer.from([0, 1, 2, 255]) },
    { kind: "no content type", body: json(allFields("0x10")) },
    { kind: "utf-16 JSON", contentType: "application/json; charset=utf-16", body: Buffer.from(JSON.stringify(allFields(-1)), "utf16le") },
    { kind: "url-encoded", contentType: "application/x-www-form-urlencoded", body: Buffer.from(form) },
    { kind: "multipart", contentType: "multipart/form-data; boundary=b", body: Buffer.from(multipart) },
    { kind: "broken multipart", contentType: "multipart/form-data; boundary=zz", body: Buffer.from(multipart.slice(0, 60)) },
  ];
}

type Identity = { name: "visitor" | "admin"; cookie: string; csrf: string };
type Probe = { method: string; path: string; body?: Body; identity: Identity };

/**
 * Routes whose plain call changes data (sign out, reset every prize's day): the admin is not sent there,
 * since even junk would be ignored and the call would act. Anything with a body, a query or an id is fuzzed.
 */
const adminMaySend = (route: DiscoveredRoute) => route.method === "GET" || route.takesBody || route.takesQuery || route.params.length > 0;

/**
 * The bodies a visitor sends to an organiser's route: it is refused at the door (401) whatever the body, and the
 * organiser's own probes carry every junk body through to the route's parsing. So the door is tried with a
 * body too large for any route, one that is not JSON and one with no type, not with every junk body (they were
 * a fifth of the fuzz's requests).
 */
const AT_THE_DOOR = new Set(["body 2 MB", "invalid JSON", "no content type"]);

function probesFor(route: DiscoveredRoute, identity: Identity, realUrlPath: string): Probe[] {
  if (identity.name === "admin" && !adminMaySend(route)) return [];
  const refusedAtTheDoor = identity.name === "visitor" && route.access === "admin";
  const neutral = (param: string) =>
    param === "urlPath" ? realUrlPath : param === "file" ? "nothing.webp" : param === "path" ? "nothing/here" : "999999999";
  const probes: Probe[] = [];
  if (route.params.length > 0) {
    for (const junk of PATH_JUNK) probes.push({ method: route.method, path: fillTemplate(route.template, () => junk), identity });
  }
  const base = fillTemplate(route.template, neutral);
  if (!["GET", "HEAD", "OPTIONS"].includes(route.method))
    for (const body of junkBodies()) {
      if (!refusedAtTheDoor || AT_THE_DOOR.has(body.kind)) probes.push({ method: route.method, path: base, body, identity });
    }
  if (route.method === "GET" || route.takesQuery) {
    for (const value of QUERY_JUNK)
      probes.push({ method: route.method, path: `${base}?${QUERY_KEYS.map((key) => `${key}=${value}`).join("&")}`, identity });
  }
  return probes;
}

/** Far beyond any answer's time on a loaded machine (the whole fuzz takes 25-35 s), well within the test's. */
const PROBE_TIMEOUT_MS = 30_000;

const PAGES = ["/", "/admin/login", "/admin/%ED%A0%80", "/p/%ED%A0%80", "/p/..%2F..", "/p/%00", `/p/${"a".repeat(3000)}`, "/%FF"];

describe("fuzz: every API route with odd input", () => {
  let file: FileServer;
  let baseUrl: string;
  let realUrlPath: string;
  let identities: Identity[];
  let before: Record<string, string>;

  beforeAll(async () => {
    // A server and database of its own: it runs beside other files (scripts/test-all.sh), whose check that the
    // shared server's settings are left as found would see the maintenance tick it switches off below.
    file = await startOwnServer("fuzz");
    baseUrl = file.url;
    const admin = await signedInClient(baseUrl, TEST_ADMIN);
    const visitorCsrf = newCsrfToken();
    identities = [
      { name: "visitor", cookie: `csrftoken=${visitorCsrf}`, csrf: visitorCsrf },
      { name: "admin", cookie: [...admin.cookies].map(([name, value]) => `${name}=${value}`).join("; "), csrf: admin.csrfToken! },
    ];
    // One reach into the database (on PGlite it stops and restarts the file's server): the page, the
    // maintenance tick off (it would place prizes during the run: not the fuzz's doing), the digest before.
    before = await file.withDatabase(async (db) => {
      const prizeId = await seedPrize(db, { total: 3, daily: 3, maintenance: 1, name: "Fuzz prize" });
      const [page] = await seedPages(db, 1, "Fuzz", [prizeId]);
      realUrlPath = page!.urlPath;
      await db.update(settings).set({ maintenanceMode: false }).where(eq(settings.id, 1));
      return fingerprint(db);
    });
  });
  afterAll(async () => {
    await file?.stop();
  });

  /** A digest of every table a request could change (sign-in attempts and sessions excepted: they are the log). */
  async function fingerprint(db: Db) {
    const tables = ["products", "prizes", "prize_placements", "winners", "settings", "admins", "images"];
    const digests = await Promise.all(
      tables.map(async (table) => {
        const rows = await rowsOf<{ digest: string }>(
          db,
          sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from ${table} t`),
        );
        return [table, rows[0]!.digest];
      }),
    );
    return Object.fromEntries(digests);
  }

  it("answers no 5xx and changes nothing in the database", async () => {
    const routes = discoverApiRoutes();
    const probes: Probe[] = [
      ...routes.flatMap((route) => identities.flatMap((identity) => probesFor(route, identity, realUrlPath))),
      ...PAGES.map((path) => ({ method: "GET", path, identity: identities[0]! })),
    ];
    const serverErrors: string[] = [];
    const statuses = new Map<number, number>();
    let next = 0;
    const worker = async () => {
      for (let index = next++; index < probes.length; index = next++) {
        const probe = probes[index]!;
        const headers: Record<string, string> = {
          cookie: probe.identity.cookie,
          "x-csrftoken": probe.identity.csrf,
          "x-forwarded-for": `10.9.${index % 250}.${Math.floor(index / 250) % 250}`,
        };
        if (probe.body?.contentType) headers["content-type"] = probe.body.contentType;
        // Bounded: a probe never answered is a failure named here, not the whole test timing out.
        const response = await rawRequest(baseUrl, {
          method: probe.method,
          path: probe.path,
          headers,
          body: probe.body?.body,
          timeoutMs: PROBE_TIMEOUT_MS,
        }).catch((error: NodeJS.ErrnoException) => ({ status: 0, body: error.message, unanswered: error.code === NO_ANSWER }));
        // A body over the route's cap is refused (413) before it is read; the server then closes the
        // connection, which the sender may see as a reset while still writing. Anything else is a failure.
        const unanswered = "unanswered" in response && response.unanswered;
        if (response.status === 0 && (unanswered || (probe.body?.body.byteLength ?? 0) <= 64 * 1024)) {
          serverErrors.push(
            `${probe.identity.name} ${probe.method} ${probe.path.slice(0, 80)} ${probe.body?.kind ?? ""}: ${response.body}`,
          );
        }
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
        if (response.status >= 500) {
          serverErrors.push(
            `${probe.identity.name} ${probe.method} ${probe.path.slice(0, 80)} ${probe.body?.kind ?? ""} -> ${response.status} ${response.body.slice(0, 120)}`,
          );
        }
      }
    };
    await Promise.all(Array.from({ length: 6 }, worker));
    const fiveHundreds = [...statuses].filter(([status]) => status >= 500).reduce((sum, [, count]) => sum + count, 0);
    console.log(
      `Fuzz: ${probes.length} requests over ${routes.length} route methods (discovered in app/api) and ${PAGES.length} pages; ` +
        `5xx: ${fiveHundreds}; statuses: ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
    );
    expect(serverErrors).toEqual([]);
    expect(await file.withDatabase(fingerprint)).toEqual(before);
  }, 120_000);
});
