import type { Db } from "@/db";
import type { Role } from "@/shared/roles";

/**
 * The signed-in account as the database has it on this call (role, active and events read with the session):
 * `eventIds` the events it may act on (null: all), `eventId` the one it acts on when a call names none (its
 * selected event, else the installation's default, else its first; null when none of its events exists).
 */
export type AdminIdentity = {
  id: number;
  name: string;
  role: Role;
  sessionId: string;
  eventIds: number[] | null;
  eventId: number | null;
};

/**
 * What every service receives besides its input. `eventId` is the event the call acts on: an admin call's
 * `?event=`, else the account's (lib/api/event-scope.ts); any other call's, the installation's default (the
 * spec's calls name no event); a visitor's call follows the event of the page scanned instead, read with
 * the page (db/queries/public.ts). `address` is the client's (lib/api/client-address.ts), for the audit
 * row; the route wrapper sets it, scripts leave it out.
 */
export type ServiceContext = { db: Db; eventId: number; admin?: AdminIdentity | null; address?: string };
