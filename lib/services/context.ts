import type { Db } from "@/db";
import type { Role } from "@/shared/roles";

/** The signed-in account as the database has it on this call (role and active read with the session). */
export type AdminIdentity = { id: number; name: string; role: Role; sessionId: string };

/**
 * What every service receives besides its input. `address` is the client's (lib/api/client-address.ts),
 * for the audit row; the route wrapper sets it, scripts leave it out.
 */
export type ServiceContext = { db: Db; admin?: AdminIdentity | null; address?: string };
