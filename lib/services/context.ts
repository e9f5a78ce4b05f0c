import type { Db } from "@/db";

export type AdminIdentity = { id: number; name: string; sessionId: string };

/** What every service receives besides its input. */
export type ServiceContext = { db: Db; admin?: AdminIdentity | null };
