import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { settings } from "@/db/schema";
import { displayHub } from "@/lib/display/live";
import { recordAudit } from "../audit/record";
import type { ServiceContext } from "../context";
import { retryingTransaction } from "../transaction";

/** 24 random bytes: 32 URL-safe characters, as unguessable as a session id. */
function newDisplayToken(): string {
  return randomBytes(24).toString("base64url");
}

/**
 * An owner or manager gives the big screen a new address. The old one is a 404 from the moment this
 * commits: every read checks the stored token, and the UPDATE's trigger (drizzle/0008) notifies every
 * instance, which ends the old address's open streams.
 */
export async function rotateDisplayToken({ ctx }: { ctx: ServiceContext }): Promise<{ token: string }> {
  const token = newDisplayToken();
  await retryingTransaction(ctx.db, async (tx) => {
    await tx.update(settings).set({ displayToken: token, updatedAt: sql`now()` }).where(eq(settings.id, ctx.eventId));
    // The token itself stays out of the log: it is the big screen's secret address.
    await recordAudit(tx, ctx, {
      action: "display.rotate_token",
      target: { type: "settings", id: ctx.eventId, name: "Big screen address" },
    });
  });
  displayHub().tokenRotated(ctx.eventId, token);
  return { token };
}
