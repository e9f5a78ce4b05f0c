import "server-only";
import { organiserDb } from "@/lib/database";
import { defaultEventId } from "@/lib/event/time-zone";
import { findActiveSession } from "@/lib/services/auth/sessions";
import type { AdminIdentity } from "@/lib/services/context";
import { auth } from "./next-auth";

/** The signed-in admin for this request, or null: a valid cookie whose session row is still live. */
export async function getAdminSession(): Promise<AdminIdentity | null> {
  const session = await auth();
  if (!session?.sessionId) return null;
  return findActiveSession({ ctx: { db: organiserDb(), eventId: defaultEventId() }, input: { sessionId: session.sessionId } });
}
