import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { admins, events, settings } from "@/db/schema";
import {
  ACCOUNT_ROLES,
  ANY_ROLE,
  AUDIT_ROLES,
  DESK_READ_ROLES,
  DESK_ROLES,
  NEW_EVENT_ROLES,
  READ_ROLES,
  ROLES,
  type Role,
  type RoleSet,
  WRITE_ROLES,
} from "@/shared/roles";
import { createAccount, signedInTeam } from "../support/accounts";
import { discoverApiRoutes, fillTemplate, UNSAFE_METHODS } from "../support/api-routes";
import { tableDigest } from "../support/direct-database";
import { type FileServer, serverForFile } from "../support/file-server";
import { signedInClient, type TestClient } from "../support/http-client";
import { setMaintenanceMode } from "../support/settings";
import { TEST_ADMIN } from "./global-setup";

/**
 * Who each admin route admits (server-behaviour.md, "Accounts, roles and the audit log"), written out here
 * rather than read from the route files: the test holds the decision, the server has to match it. A new
 * admin route fails the first test until it is listed here on purpose.
 */
const EXPECTED: Record<string, RoleSet> = {
  "GET /api/admin/session/": ANY_ROLE,
  "GET /api/admin/dashboard/": READ_ROLES,
  "GET /api/admin/settings/": ANY_ROLE,
  "PATCH /api/admin/settings/": WRITE_ROLES,
  "PUT /api/admin/settings/logo/": WRITE_ROLES,
  "DELETE /api/admin/settings/logo/": WRITE_ROLES,
  "POST /api/admin/create-product/": WRITE_ROLES,
  "GET /api/admin/accounts/": ACCOUNT_ROLES,
  "POST /api/admin/accounts/": ACCOUNT_ROLES,
  "PATCH /api/admin/accounts/[id]/": ACCOUNT_ROLES,
  "GET /api/admin/audit/": AUDIT_ROLES,
  "GET /api/admin/audit/download_excel/": AUDIT_ROLES,
  "GET /api/admin/display/": READ_ROLES,
  "POST /api/admin/display/rotate_token/": WRITE_ROLES,
  "GET /api/admin/event/archive/": NEW_EVENT_ROLES,
  "GET /api/admin/event/status/": READ_ROLES,
  "POST /api/admin/event/start_new/": NEW_EVENT_ROLES,
  "GET /api/admin/funnel/": READ_ROLES,
  "GET /api/admin/funnel/download_excel/": READ_ROLES,
  "POST /api/admin/import/": WRITE_ROLES,
  "GET /api/admin/import/template/": WRITE_ROLES,
  "GET /api/products/": READ_ROLES,
  "GET /api/products/[id]/": READ_ROLES,
  "PUT /api/products/[id]/": WRITE_ROLES,
  "DELETE /api/products/[id]/": WRITE_ROLES,
  "GET /api/products/[id]/qr/": READ_ROLES,
  "POST /api/products/delete_selected/": WRITE_ROLES,
  "DELETE /api/products/delete_all/": WRITE_ROLES,
  "GET /api/prizes/": READ_ROLES,
  "POST /api/prizes/": WRITE_ROLES,
  "GET /api/prizes/[id]/": READ_ROLES,
  "PUT /api/prizes/[id]/": WRITE_ROLES,
  "DELETE /api/prizes/[id]/": WRITE_ROLES,
  "GET /api/prizes/[id]/winners/": READ_ROLES,
  "POST /api/prizes/[id]/reset_daily/": WRITE_ROLES,
  "POST /api/prizes/reset_all_daily/": WRITE_ROLES,
  "GET /api/prize-distributions/": READ_ROLES,
  "POST /api/prize-distributions/": WRITE_ROLES,
  "PATCH /api/prize-distributions/[id]/": WRITE_ROLES,
  "DELETE /api/prize-distributions/[id]/": WRITE_ROLES,
  "POST /api/prize-distributions/randomize/": WRITE_ROLES,
  "GET /api/prize-distributions/drops/": READ_ROLES,
  "GET /api/winners/": DESK_READ_ROLES,
  "GET /api/winners/download_excel/": READ_ROLES,
  "DELETE /api/winners/[id]/": WRITE_ROLES,
  "POST /api/winners/[id]/mark_received/": DESK_ROLES,
  "POST /api/winners/[id]/cancel_received/": DESK_ROLES,
  "POST /api/winners/[id]/reinstate/": DESK_ROLES,
  "POST /api/winners/[id]/erase/": WRITE_ROLES,
  "GET /api/admin/events/": ANY_ROLE,
  "POST /api/admin/events/": WRITE_ROLES,
  "GET /api/admin/events/[id]/": ANY_ROLE,
  "PATCH /api/admin/events/[id]/": WRITE_ROLES,
  "DELETE /api/admin/events/[id]/": WRITE_ROLES,
  "POST /api/admin/events/[id]/copy/": WRITE_ROLES,
  "POST /api/admin/events/[id]/go_live/": WRITE_ROLES,
  "POST /api/admin/events/[id]/close/": WRITE_ROLES,
  "PUT /api/admin/selected-event/": ANY_ROLE,
  "GET /api/admin/webhooks/": WRITE_ROLES,
  "POST /api/admin/webhooks/": WRITE_ROLES,
  "GET /api/admin/webhooks/[id]/": WRITE_ROLES,
  "PATCH /api/admin/webhooks/[id]/": WRITE_ROLES,
  "DELETE /api/admin/webhooks/[id]/": WRITE_ROLES,
  "POST /api/admin/webhooks/[id]/roll_secret/": WRITE_ROLES,
  "POST /api/admin/webhooks/[id]/test/": WRITE_ROLES,
  "GET /api/admin/webhooks/[id]/deliveries/": WRITE_ROLES,
  "POST /api/admin/webhooks/deliveries/[id]/resend/": WRITE_ROLES,
};

// An id that exists nowhere: an admitted call gets as far as the lookup (404) and changes nothing.
const MISSING_ID = "2147483000";
const adminRoutes = discoverApiRoutes()
  .filter((route) => route.access === "admin")
  .map((route) => ({ ...route, key: `${route.method} ${route.template}`, path: fillTemplate(route.template, () => MISSING_ID) }));

/**
 * What an admitted call sends: a body that fails validation where the route takes one (a JSON string, not
 * an object) and an id that exists nowhere, so that passing the role check is visible (400, 404, 415, 200
 * for a read) without writing. The one exception is "reset all daily counters", which takes nothing to
 * refuse: it runs (harmless here).
 */
function send(client: TestClient, route: (typeof adminRoutes)[number], query = "") {
  return client.request(
    route.method,
    `${route.path}${query}`,
    UNSAFE_METHODS.has(route.method) ? { json: route.takesBody ? "not an object" : undefined } : {},
  );
}

let team: Record<Role, TestClient>;
let file: FileServer;

/**
 * Every table's rows as one digest: equal before and after means no call changed anything. The funnel's
 * hourly tallies are left out: the server's own flusher adds earlier files' scans to them every 10 s, at any
 * moment, and a call's counts would only reach them at a later flush anyway.
 */
const fingerprint = async () =>
  (await file.withDatabase(tableDigest))
    .split(",")
    .filter((part) => !part.startsWith("funnel_hourly_tallies:"))
    .join(",");

beforeAll(async () => {
  file = await serverForFile("roles-matrix");
  team = await signedInTeam(file.url, TEST_ADMIN);
  // Off, the 30-second tick places nothing by itself while the digests are compared.
  await setMaintenanceMode(team.owner, false);
});
afterAll(() => file?.stop());

describe("roles: every admin route, discovered from app/api, against every role", () => {
  it("lists every discovered admin route, and every listed route exists", () => {
    const discovered = adminRoutes.map((route) => route.key).sort();
    expect(discovered).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(ROLES.map((role) => [role] as const))(
    "%s: each route it may not use answers 403 naming the role and changes nothing",
    async (role) => {
      const refused = adminRoutes.filter((route) => !EXPECTED[route.key]?.includes(role));
      const before = await fingerprint();
      for (const route of refused) {
        const response = await send(team[role], route);
        expect({ route: route.key, status: response.status }).toEqual({ route: route.key, status: 403 });
        expect(await response.json()).toEqual({ detail: `Your role (${role}) cannot do this.` });
      }
      expect(await fingerprint()).toBe(before);
    },
  );

  it.each(ROLES.map((role) => [role] as const))("%s: each route it may use gets past the role check", async (role) => {
    const admitted = adminRoutes.filter((route) => EXPECTED[route.key]?.includes(role));
    expect(admitted.length).toBeGreaterThan(0);
    for (const route of admitted) {
      const response = await send(team[role], route);
      expect({ route: route.key, refused: response.status === 401 || response.status === 403 }).toEqual({
        route: route.key,
        refused: false,
      });
      await response.body?.cancel();
    }
  });
});

describe("accounts limited to events: every admin route, another event", () => {
  it("an owner limited to event 1 gets 403 on every admin route naming another event, and nothing changes", async () => {
    const limited = await createAccount(team.owner, "owner", "limited-owner");
    const otherEvent = await file.withDatabase(async (db) => {
      const [event] = await db.insert(events).values({ name: "Other hall", status: "live" }).returning({ id: events.id });
      await db.insert(settings).values({ id: event!.id });
      await db
        .update(admins)
        .set({ eventIds: [1] })
        .where(eq(admins.id, limited.id));
      return event!.id;
    });
    const client = await signedInClient(file.url, limited);
    const before = await fingerprint();
    for (const route of adminRoutes) {
      const response = await send(client, route, `?event=${otherEvent}`);
      expect({ route: route.key, status: response.status }).toEqual({ route: route.key, status: 403 });
      expect(await response.json()).toEqual({ detail: "This account cannot act on that event." });
    }
    expect(await fingerprint()).toBe(before);
    // Its own event, named or not, gets past the check.
    for (const query of ["", "?event=1"]) {
      const response = await client.get(`/api/admin/settings/${query}`);
      expect(response.status).toBe(200);
    }
  });
});
