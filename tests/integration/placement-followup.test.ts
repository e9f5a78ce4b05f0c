import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { signedInClient, type TestClient } from "../support/http-client";
import { createProduct } from "../support/products";
import { setMaintenanceMode } from "../support/settings";
import { createPrizeViaApi } from "../support/winners";
import { TEST_ADMIN } from "./global-setup";

// After the first win on a page nothing was once placed again unless maintenance mode was on, and the
// random placement form switched that system-wide mode on by a box ticked by default. A placement now says
// how many units are still on no page, and random placement leaves the mode alone unless asked.

const baseUrl = inject("baseUrl");
let admin: TestClient;
let maintenanceBefore: boolean | undefined;

const maintenanceMode = async () =>
  ((await (await admin.get("/api/admin/settings/")).json()) as { maintenance_mode: boolean }).maintenance_mode;

beforeAll(async () => {
  admin = await signedInClient(baseUrl, TEST_ADMIN);
  maintenanceBefore = await setMaintenanceMode(admin, false);
});
afterAll(async () => {
  if (maintenanceBefore !== undefined) await setMaintenanceMode(admin, maintenanceBefore);
});

describe("after a placement", () => {
  it("POST /api/prize-distributions/ answers how many units of the prize are still on no page", async () => {
    const prize = await createPrizeViaApi(admin, { name: "Follow-up tote", total: 5, daily: 5, maintenance: 2 });
    const stand = await createProduct(admin, { name: "Follow-up stand" });
    const placed = await admin.post("/api/prize-distributions/", { prize: prize.id, product: stand.id, is_active: true });
    expect(placed.status).toBe(201);
    expect(await placed.json()).toEqual({
      id: expect.any(Number),
      prize: prize.id,
      product: stand.id,
      is_active: true,
      drops_at: null,
      announce: true,
      unplaced: 4,
    });
  });

  it("POST /api/prize-distributions/randomize/ with maintenance_mode null places and leaves the setting alone", async () => {
    const prize = await createPrizeViaApi(admin, { name: "Follow-up cap", total: 6, daily: 6, maintenance: 2 });
    for (const index of [1, 2]) await createProduct(admin, { name: `Follow-up free ${index}` });
    const response = await admin.post("/api/prize-distributions/randomize/", { prize_id: prize.id, maintenance_mode: null });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ placed: 2, missing: 0, unplaced: 4, maintenance_mode: false });
    expect(await maintenanceMode()).toBe(false);
  });

  it("still takes maintenance_mode as the setting when it is sent, and true when it is left out (the spec's default)", async () => {
    const prize = await createPrizeViaApi(admin, { name: "Follow-up pin", total: 3, daily: 3, maintenance: 1 });
    await createProduct(admin, { name: "Follow-up free 3" });
    try {
      const omitted = await admin.post("/api/prize-distributions/randomize/", { prize_id: prize.id });
      expect(omitted.status).toBe(200);
      expect(await omitted.json()).toMatchObject({ unplaced: 2, maintenance_mode: true });
      expect(await maintenanceMode()).toBe(true);
      const off = await admin.post("/api/prize-distributions/randomize/", { prize_id: prize.id, maintenance_mode: false });
      expect(await off.json()).toMatchObject({ placed: 0, unplaced: 2, maintenance_mode: false });
      expect(await maintenanceMode()).toBe(false);
    } finally {
      await setMaintenanceMode(admin, false);
    }
  });

  it("refuses a maintenance_mode that is neither true, false nor null, naming the field", async () => {
    const response = await admin.post("/api/prize-distributions/randomize/", { maintenance_mode: "yes" });
    expect(response.status).toBe(400);
    expect(Object.keys(await response.json())).toEqual(["maintenance_mode"]);
  });
});
