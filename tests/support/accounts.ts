import { expect } from "vitest";
import type { Role } from "@/shared/roles";
import { signedInClient, type TestClient } from "./http-client";

export type Credentials = { name: string; password: string };

/** A new account with this role, made by an owner through the API (as the accounts screen makes one). */
export async function createAccount(owner: TestClient, role: Role, label: string = role): Promise<Credentials & { id: number }> {
  const credentials = { name: `${label}-${Math.random().toString(36).slice(2, 8)}`, password: "long-enough-password" };
  const response = await owner.post("/api/admin/accounts/", { ...credentials, role });
  expect(response.status, await response.clone().text()).toBe(201);
  const { id } = (await response.json()) as { id: number };
  return { ...credentials, id };
}

/** One signed-in client per role; the owner is the integration server's first admin. */
export async function signedInTeam(baseUrl: string, owner: Credentials): Promise<Record<Role, TestClient>> {
  const ownerClient = await signedInClient(baseUrl, owner);
  const team = { owner: ownerClient } as Record<Role, TestClient>;
  for (const role of ["manager", "desk", "viewer"] as const)
    team[role] = await signedInClient(baseUrl, await createAccount(ownerClient, role));
  return team;
}

/** The audit rows of a filter, through the API (works on PGlite too). */
export async function auditRows(reader: TestClient, filter: Record<string, string>) {
  const response = await reader.get(`/api/admin/audit/?page_size=1000&${new URLSearchParams(filter)}`);
  expect(response.status).toBe(200);
  return ((await response.json()) as { results: AuditRow[] }).results;
}

export type AuditRow = {
  id: number;
  account_name: string;
  account_role: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  target_name: string | null;
  changes: Record<string, { before: unknown; after: unknown }> | null;
  address: string | null;
};
