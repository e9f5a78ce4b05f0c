import type { Queryable } from "@/db";
import { eventExists } from "@/db/queries/events";
import { AppError, notFound, ValidationError } from "@/lib/errors";
import type { AdminIdentity } from "@/lib/services/context";
import { text } from "@/shared/i18n/text";

/** The query parameter that names an admin call's event, on any admin URL and method. */
export const EVENT_PARAMETER = "event";

const EVENT_ID = /^[1-9][0-9]{0,8}$/;

/**
 * The event an admin call acts on (server-behaviour.md, "Several events"): `?event={id}`, else the
 * account's (its selected event, else the installation's default, else its first: read with the session).
 * An account limited to some events gets 403 on any other; an event that does not exist, 404.
 */
export async function eventOfAdminCall(db: Queryable, admin: AdminIdentity, asked: string | null): Promise<number> {
  if (asked === null) {
    if (admin.eventId === null) throw new AppError("forbidden", text("errors.events.noneLeft"));
    return admin.eventId;
  }
  if (!EVENT_ID.test(asked)) throw new ValidationError({ [EVENT_PARAMETER]: [text("errors.events.badId")] });
  const id = Number(asked);
  if (admin.eventIds !== null && !admin.eventIds.includes(id)) throw new AppError("forbidden", text("errors.events.notYours"));
  if (!(await eventExists(db, id))) throw notFound();
  return id;
}
