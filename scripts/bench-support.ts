// What the benchmark scripts share: their numeric options, a fresh database of their own, pages with a prize
// on each, and a phone's claim call.
import postgres from "postgres";
import type { Db } from "@/db";
import { placements, prizes, products } from "@/db/schema";
import { newUrlPath } from "@/lib/url-path";
import { ADMIN_POSTGRES_URL } from "../tests/support/test-database";

/** `--name N` from the command line: a positive whole number, or `fallback` when absent. */
export function positiveOption(name: string, fallback: number): number {
  const index = process.argv.indexOf(`--${name}`);
  const value = index > 0 ? Number(process.argv[index + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a positive whole number`);
  return value;
}

/** Drops and creates `name` on the local Postgres (TEST_POSTGRES_URL to change) and returns its URL. */
export async function freshBenchDatabase(name: string): Promise<string> {
  const server = postgres(ADMIN_POSTGRES_URL, { max: 1, onnotice: () => {} });
  await server.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await server.unsafe(`CREATE DATABASE ${name}`);
  await server.end();
  const url = new URL(ADMIN_POSTGRES_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The value at percentile `p` of ascending `sorted` (the nearest rank below). */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** A prize with stock for any bench, placed on `pageCount` new product pages; their URL paths. */
export async function seedPrizePages(db: Db, label: string, pageCount: number) {
  const [prize] = await db
    .insert(prizes)
    .values({
      name: `Bench ${label}`,
      totalQuantity: 1_000_000,
      remainingQuantity: 1_000_000,
      dailyDistribution: 1_000_000,
      maintenanceCount: 1_000_000,
    })
    .returning({ id: prizes.id });
  const pages: string[] = [];
  for (let offset = 0; offset < pageCount; offset += 500) {
    const batch = Array.from({ length: Math.min(500, pageCount - offset) }, (_, index) => ({
      name: `Bench ${label} ${offset + index}`,
      urlPath: newUrlPath(),
    }));
    const rows = await db.insert(products).values(batch).returning({ id: products.id, urlPath: products.urlPath });
    await db.insert(placements).values(rows.map((row) => ({ prizeId: prize!.id, productId: row.id })));
    pages.push(...rows.map((row) => row.urlPath));
  }
  return { prizeId: prize!.id, pages };
}

/** A phone's cookies: its CSRF token, and the visitor id the server hands it with its first hold. */
export type VisitorJar = { csrf: string; visitor: string };

/**
 * One POST to a page's claim call as the page sends it: no body asks for the hold, `body` claims it. Returns
 * the status; a 428 (no visitor id yet) is asked again with the id it handed out, as the page does.
 */
export async function claimCall(baseUrl: string, jar: VisitorJar, page: string, body?: object): Promise<number> {
  const response = await fetch(`${baseUrl}/api/p/${page}/prize/claim/`, {
    method: "POST",
    headers: {
      cookie: `csrftoken=${jar.csrf}${jar.visitor ? `; visitor_id=${jar.visitor}` : ""}`,
      "x-csrftoken": jar.csrf,
      ...(body ? { "content-type": "application/json" } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const visitor = /visitor_id=([^;]+)/.exec(response.headers.get("set-cookie") ?? "")?.[1];
  if (visitor) jar.visitor = visitor;
  await response.arrayBuffer();
  if (response.status === 428) return claimCall(baseUrl, jar, page, body);
  return response.status;
}
