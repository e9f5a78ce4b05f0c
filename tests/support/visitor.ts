import { newCsrfToken } from "@/lib/api/csrf";
import { VISITOR_COOKIE } from "@/lib/api/visitor";
import { TestClient } from "./http-client";

/**
 * A phone at the event that has opened a page: its own cookies, the csrftoken and visitor id that the
 * server hands out on a first response (proxy.ts), nothing else.
 */
export async function newVisitor(baseUrl: string): Promise<TestClient> {
  const client = new TestClient(baseUrl);
  // The cheapest first response (no database): a storm of a thousand new phones must not queue on health checks.
  const first = await client.get("/api/ping/");
  if (!client.cookies.has(VISITOR_COOKIE)) {
    // Say what came instead: a lane's 503, a database's, or something else (a failure must name its cause).
    throw new Error(`The server's first response set no visitor cookie: ${first.status} ${(await first.text()).slice(0, 200)}`);
  }
  return client;
}

/**
 * `count` phones that opened their pages before a storm, as people arrive: 50 at a time, so that the first
 * responses do not crowd the server's accept queue (the storm after is what a test measures).
 */
export async function newVisitors(count: number, baseUrlOf: (index: number) => string): Promise<TestClient[]> {
  const visitors: TestClient[] = [];
  for (let start = 0; start < count; start += 50) {
    const batch = Array.from({ length: Math.min(50, count - start) }, (_, offset) => newVisitor(baseUrlOf(start + offset)));
    visitors.push(...(await Promise.all(batch)));
  }
  return visitors;
}

/** A phone whose only cookie is a csrftoken it made up: no page ever answered it. */
export function visitorWithOnlyCsrfToken(baseUrl: string): TestClient {
  const client = new TestClient(baseUrl);
  client.cookies.set("csrftoken", newCsrfToken());
  return client;
}

export const claimPath = (urlPath: string) => `/api/p/${urlPath}/prize/claim/`;

/** Taps the ticket, and if the hold is ours, claims the prize. Returns the statuses seen. */
export async function tryToWin(visitor: TestClient, urlPath: string, finaliseVia: TestClient = visitor) {
  const reserve = await visitor.post(claimPath(urlPath));
  if (reserve.status !== 200) return { reserve: reserve.status, claim: null as number | null };
  if (finaliseVia !== visitor) for (const [name, value] of visitor.cookies) finaliseVia.cookies.set(name, value);
  const claim = await finaliseVia.post(claimPath(urlPath), { name: "Winner", password: "2580" });
  return { reserve: reserve.status, claim: claim.status };
}
