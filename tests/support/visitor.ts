import { newCsrfToken } from "@/lib/api/csrf";
import { TestClient } from "./http-client";

/** A phone at the event: its own cookies, a CSRF token as a browser would have, nothing else. */
export function newVisitor(baseUrl: string): TestClient {
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
