import type { AdminIdentity } from "../context";

/**
 * What the prize desk may see of winners (server-behaviour.md, "Accounts, roles and the audit log"): never
 * a code. A desk volunteer finds a winner only by the code the visitor shows (with the nickname, or alone),
 * so a list of codes on the desk's phone would let anyone who knows a nickname collect. Owners and
 * managers (and viewers, who change nothing) keep the codes.
 */
export const seesCodes = (admin: AdminIdentity | null | undefined): boolean => admin?.role !== "desk";

/** A winner as this reader may see it: the desk gets `password: null` (the field stays, the code does not). */
export function winnerFor<T extends { password: string | null }>(
  admin: AdminIdentity | null | undefined,
  winner: T,
): Omit<T, "password"> & { password: string | null } {
  return seesCodes(admin) ? winner : { ...winner, password: null };
}
