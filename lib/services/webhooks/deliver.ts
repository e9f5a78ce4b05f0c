import http from "node:http";
import https from "node:https";
import { and, asc, eq, inArray, lte, sql } from "drizzle-orm";
import type { Db } from "@/db";
import { webhookDeliveries, webhookEndpoints } from "@/db/schema";
import { type BackgroundJob, startBackgroundJob } from "@/lib/background-job";
import { getConfig } from "@/lib/config";
import { checkedAddresses, pinnedLookup, RefusedReceiver } from "@/lib/webhooks/address-check";
import { webhookHeaders } from "@/lib/webhooks/signing";
import { retryingTransaction } from "../transaction";

/** How often every instance looks for due messages. */
const DELIVERY_BEAT_MS = 1000;
/** A taken message is nobody else's for this long: far beyond one try's 5 s, so two never send it at once. */
const LEASE_SECONDS = 30;
/** Messages leased and posted at once; a beat takes batch after batch while they come full. */
export const DELIVERY_BATCH_SIZE = 50;
/** One try's whole time, from the DNS lookup to the status line. */
const TRY_TIMEOUT_MS = 5000;
/** A message still failing this long after it was made is marked failed. */
const GIVE_UP_HOURS = 24;

type Leased = {
  id: number;
  messageId: string;
  type: string;
  data: unknown;
  createdAt: Date;
  tries: number;
  url: string;
  secret: string;
};

/**
 * Takes the due messages no other instance holds (SKIP LOCKED) and leases them, in one short transaction:
 * `next_attempt_at` moves LEASE_SECONDS on, so another instance's next beat passes them by while this one
 * posts, and a crash mid-post only delays them.
 */
async function leaseDue(db: Db): Promise<Leased[]> {
  return retryingTransaction(db, async (tx) => {
    const due = await tx
      .select({
        id: webhookDeliveries.id,
        messageId: webhookDeliveries.messageId,
        type: webhookDeliveries.type,
        data: webhookDeliveries.data,
        createdAt: webhookDeliveries.createdAt,
        tries: webhookDeliveries.tries,
        url: webhookEndpoints.url,
        secret: webhookEndpoints.secret,
      })
      .from(webhookDeliveries)
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(
        and(eq(webhookDeliveries.status, "pending"), lte(webhookDeliveries.nextAttemptAt, sql`now()`), eq(webhookEndpoints.active, true)),
      )
      .orderBy(asc(webhookDeliveries.nextAttemptAt))
      .limit(DELIVERY_BATCH_SIZE)
      .for("update", { of: webhookDeliveries, skipLocked: true });
    if (due.length === 0) return [];
    await tx
      .update(webhookDeliveries)
      .set({
        nextAttemptAt: sql`now() + make_interval(secs => ${LEASE_SECONDS})`,
        tries: sql`${webhookDeliveries.tries} + 1`,
        lastTriedAt: sql`now()`,
      })
      .where(
        inArray(
          webhookDeliveries.id,
          due.map((row) => row.id),
        ),
      );
    return due.map((row) => ({ ...row, tries: row.tries + 1 }));
  });
}

type TryResult = { status?: number; error?: string };

/**
 * One POST, outside any transaction: to the address checked here (the request's `lookup` answers only it,
 * so a name that resolves elsewhere by the time it connects changes nothing), no redirects followed (a 3xx
 * is a failure), the whole try bounded by TRY_TIMEOUT_MS.
 */
async function postMessage(url: string, headers: Record<string, string>, body: string): Promise<TryResult> {
  const signal = AbortSignal.timeout(TRY_TIMEOUT_MS);
  try {
    const target = new URL(url);
    // The lookup counts toward the try's time too (a resolver that never answers must not hold the lease).
    const [first] = await Promise.race([
      checkedAddresses(target.hostname, getConfig().webhooks.allowPrivate),
      new Promise<never>((_, reject) => signal.addEventListener("abort", () => reject(signal.reason), { once: true })),
    ]);
    if (!first) return { error: "no address" };
    const client = target.protocol === "https:" ? https : http;
    return await new Promise<TryResult>((resolve) => {
      const request = client.request(
        target,
        {
          method: "POST",
          headers: { ...headers, "content-length": String(Buffer.byteLength(body)), "user-agent": "prize-giveaway-webhooks" },
          lookup: pinnedLookup(first.address, first.family),
          agent: false,
          signal,
        },
        (response) => {
          resolve({ status: response.statusCode });
          // Only the status matters: the receiver's answer is not read.
          response.destroy();
        },
      );
      request.on("error", (error: NodeJS.ErrnoException) =>
        resolve({ error: signal.aborted ? `timed out after ${TRY_TIMEOUT_MS / 1000} s` : (error.code ?? error.message) }),
      );
      request.end(body);
    });
  } catch (error) {
    if (signal.aborted) return { error: `timed out after ${TRY_TIMEOUT_MS / 1000} s` };
    if (error instanceof RefusedReceiver) return { error: `refused: ${error.message}` };
    return { error: (error as NodeJS.ErrnoException).code ?? (error as Error).message };
  }
}

/** The message body: what the signature covers, sent byte for byte. */
function messageBody(message: Pick<Leased, "type" | "data" | "createdAt">): string {
  return JSON.stringify({ type: message.type, timestamp: new Date(message.createdAt).toISOString(), data: message.data });
}

/** The wait after the `tries`-th failed try: the schedule's entry, its last one repeating. */
function waitAfter(tries: number): number {
  const schedule = getConfig().webhooks.retrySeconds;
  return schedule[Math.min(tries, schedule.length) - 1] ?? schedule[schedule.length - 1] ?? 60;
}

async function tryOnce(db: Db, message: Leased): Promise<void> {
  const body = messageBody(message);
  const result = await postMessage(message.url, webhookHeaders(message.secret, message.messageId, body), body);
  const delivered = result.status !== undefined && result.status >= 200 && result.status < 300;
  const error = delivered ? null : (result.error ?? `answered ${result.status}`);
  await db
    .update(webhookDeliveries)
    .set(
      delivered
        ? { status: "delivered", deliveredAt: sql`now()`, lastResponseCode: result.status ?? null, lastError: null }
        : {
            status: sql`case when ${webhookDeliveries.createdAt} + make_interval(hours => ${GIVE_UP_HOURS}) <= now() then 'failed' else 'pending' end`,
            nextAttemptAt: sql`now() + make_interval(secs => ${waitAfter(message.tries)})`,
            lastResponseCode: result.status ?? null,
            lastError: error,
          },
    )
    // Still as this try left it: a resend asked for meanwhile is not overwritten by a late failure.
    .where(and(eq(webhookDeliveries.id, message.id), eq(webhookDeliveries.status, "pending"), eq(webhookDeliveries.tries, message.tries)));
}

/**
 * One beat: lease what is due, post each (in parallel), record each result, and again while a batch came full
 * (more may be due): at one batch a beat, the 900 messages of 300 claims to three receivers needed 18 s at
 * least. Returns how many were tried.
 */
export async function deliverDueWebhooks(db: Db): Promise<number> {
  let tried = 0;
  for (;;) {
    const due = await leaseDue(db);
    await Promise.all(due.map((message) => tryOnce(db, message)));
    tried += due.length;
    if (due.length < DELIVERY_BATCH_SIZE) return tried;
  }
}

/** Starts delivery on this instance; every instance runs it (the lease keeps them apart). */
export function startWebhookDelivery(db: () => Db): BackgroundJob {
  return startBackgroundJob(() => deliverDueWebhooks(db()), {
    everyMs: DELIVERY_BEAT_MS,
    failure: "Delivering webhook messages failed; the next beat retries",
  });
}
