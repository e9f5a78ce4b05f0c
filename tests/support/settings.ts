import { expect } from "vitest";
import type { TestClient } from "./http-client";

/**
 * Sets maintenance mode (server-behaviour.md, Placements) through the admin API and returns what it was, to
 * put back afterwards. Off, neither the 30-second tick nor a win or a prize edit places any prize by itself.
 */
export async function setMaintenanceMode(admin: TestClient, on: boolean): Promise<boolean> {
  const before = await admin.get("/api/admin/settings/");
  expect(before.status).toBe(200);
  const response = await admin.patch("/api/admin/settings/", { maintenance_mode: on });
  expect(response.status).toBe(200);
  return ((await before.json()) as { maintenance_mode: boolean }).maintenance_mode;
}
