import type { AuditScope } from "@/db/queries/audit";
import type { ServiceContext } from "../context";

/**
 * The audit rows an admin call reads: its event's, and the installation's own (sign-ins, accounts, which
 * belong to no event) for owners only, who manage the accounts; a manager sees the event's rows alone.
 */
export const auditScopeOf = (ctx: Pick<ServiceContext, "eventId" | "admin">): AuditScope => ({
  eventId: ctx.eventId,
  withInstallation: ctx.admin?.role === "owner",
});
