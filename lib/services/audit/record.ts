import type { Queryable } from "@/db";
import { type AuditChanges, auditLog } from "@/db/schema";
import type { AdminIdentity } from "../context";

/** What a write says about itself; who and from where come from the context. */
export type AuditEntry = {
  /** `<target type>.<verb>`, e.g. `prize.update`, `winner.mark_received`. */
  action: string;
  target?: { type: string; id?: number | string | null; name?: string | null };
  changes?: AuditChanges | null;
  /** Who, when the context has no signed-in admin: a sign-in (the name typed), a script. */
  account?: { id?: number | null; name: string; role?: string | null };
};

const SCRIPT_ACCOUNT = { id: null, name: "(command line)", role: null };

/**
 * Writes one audit row. Call it with the transaction of the change itself (`tx`), after the change
 * succeeded: a change that throws or rolls back then leaves no row, and a row never names a change that
 * did not happen. The table refuses UPDATE and DELETE (migration 0009), so a row, once committed, stays.
 */
/** Who acts, from where, in which event: an account's own identity is enough (sign-in writes its row before any event is read). */
type AuditContext = { admin?: Pick<AdminIdentity, "id" | "name" | "role"> | null; address?: string; eventId: number };

/** Sign-ins and accounts belong to the installation: their rows name no event. */
const INSTALLATION_ACTIONS = /^(auth|account)\./;

export async function recordAudit(tx: Queryable, ctx: AuditContext, entry: AuditEntry): Promise<void> {
  const account = entry.account ?? ctx.admin ?? SCRIPT_ACCOUNT;
  await tx.insert(auditLog).values({
    eventId: INSTALLATION_ACTIONS.test(entry.action) ? null : ctx.eventId,
    accountId: account.id ?? null,
    accountName: account.name,
    accountRole: account.role ?? null,
    action: entry.action,
    targetType: entry.target?.type ?? null,
    targetId: entry.target?.id == null ? null : String(entry.target.id),
    targetName: entry.target?.name ?? null,
    changes: entry.changes && Object.keys(entry.changes).length > 0 ? entry.changes : null,
    address: ctx.address ?? null,
  });
}

/** Fields that never enter `changes`, whatever a caller lists. */
const SECRET_FIELDS = new Set(["password", "passwordHash", "password_hash"]);

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);

/**
 * The listed fields whose value differs between `before` and `after`, as `{field: {before, after}}`.
 * For a create pass `before = null` (every listed field that has a value), for a delete `after = null`.
 */
export function diffChanges<T extends Record<string, unknown>>(
  before: T | null | undefined,
  after: T | null | undefined,
  fields: readonly (keyof T & string)[],
): AuditChanges {
  const changes: AuditChanges = {};
  for (const field of fields) {
    if (SECRET_FIELDS.has(field)) continue;
    const was = before ? (before[field] ?? null) : null;
    const now = after ? (after[field] ?? null) : null;
    if (!same(was, now)) changes[field] = { before: was, after: now };
  }
  return changes;
}
