import { and, desc, eq, sql } from "drizzle-orm";
import type { Queryable } from "@/db";
import {
  distributedThisHour,
  distributedToday,
  eventState,
  hourBudgetLeft,
  startOfThisHour,
  today,
  winLimitReached,
} from "@/db/prize-rules";
import { addresses, events, placements, prizes, products, settings, winners } from "@/db/schema";
import { getConfig } from "@/lib/config";
import { conflict, notFound, type Said, ValidationError } from "@/lib/errors";
import { CLAIM_MESSAGES, type ClaimBody } from "@/lib/validation/claim";
import type { ReserveRefusalCode } from "@/shared/contracts/claims";
import type { InEachLanguage } from "@/shared/i18n/localized";
import { text } from "@/shared/i18n/text";
import type { ServiceContext } from "../context";
import { retryingTransaction } from "../transaction";
import { enqueueWebhooks, winnerMessage } from "../webhooks/enqueue";
import { collectByFromNow } from "../winners/expire";
import { NO_PRODUCT, refusal, VISITOR_LOCK_CLASS } from "./reserve";

export const HOLD_EXPIRED = text("visitor.api.holdExpired");
const PRIZE_GONE = text("visitor.api.prizeGone");
/** A claim whose hold is in an event that closed, its copy taking the address (server-behaviour.md, "A new event"). */
export const EVENT_RESET_DETAIL = text("visitor.api.eventReset");
/** How long a visitor's repeated claim (a retry after a lost response) is answered with their win. */
const REPEAT_WINDOW_SECONDS = 10 * 60;

class ClaimRefused extends Error {
  constructor(readonly detail: Said) {
    super("claim refused");
  }
}

class EventEnded extends Error {}

/** Refused by the event's rules: answered with the reserve's own `{detail, code}`. */
class RuleRefused extends Error {
  constructor(
    readonly code: ReserveRefusalCode,
    readonly eventId: number,
  ) {
    super(code);
  }
}

/**
 * This visitor's claims run one at a time, as their reserves do (the same lock), so the win limit read
 * after it counts every win they made before.
 */
async function lockVisitor(tx: Queryable, visitorId: string) {
  await tx.execute(sql`select pg_advisory_xact_lock(${VISITOR_LOCK_CLASS}, hashtext(${visitorId}))`);
}

/** `prizeName` is the name the winner row keeps; `prizeNames` the prize's names in each language, for the visitor. */
export type ClaimOutcome = { prizeId: number; eventId: number; prizeName: string; prizeNames: InEachLanguage; repeated: boolean };

/** The win this visitor made on this page a moment ago, if any: the same claim sent again. */
async function recentWin(tx: Queryable, productId: number, visitorId: string) {
  const [win] = await tx
    .select({ prizeId: winners.prizeId, prizeName: winners.prizeName, en: prizes.nameEn, ko: prizes.nameKo })
    .from(winners)
    .innerJoin(placements, eq(placements.id, winners.placementId))
    .leftJoin(prizes, eq(prizes.id, winners.prizeId))
    .where(
      and(
        eq(placements.productId, productId),
        eq(placements.reservedBy, visitorId),
        sql`${placements.claimedAt} > now() - make_interval(secs => ${REPEAT_WINDOW_SECONDS})`,
      ),
    )
    .orderBy(desc(winners.createdAt))
    .limit(1);
  return win;
}

/**
 * Turns this visitor's live hold into a win, in one transaction, taking its locks in the documented order
 * (README.md: page, prize, placement), the order every placement path uses, so a claim and an admin
 * placing a prize never wait on each other in a cycle:
 *  0. lock the product page against deletion (KEY SHARE);
 *  1. find this visitor's live hold on the page (a plain read: it only says which prize to lock);
 *  2. take one unit: only while the prize is active, in stock and under today's limit;
 *  3. consume the hold: only a live hold by this visitor matches, and it leaves the placement inactive,
 *     so it can be won once. If it no longer matches (it lapsed meanwhile), the unit goes back by rollback;
 *  4. record the winner, with the prize and product names as they are now.
 * The unique index on winners.placement_id is the last guard against a double win. A claim repeated
 * after its answer was lost (venue Wi-Fi) gets the same answer again, without a second win. A deadlock
 * or serialization failure that still happens is retried (lib/services/transaction.ts).
 */
export async function finaliseClaim({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: ClaimBody & { urlPath: string; visitorId: string };
}): Promise<ClaimOutcome> {
  const liveHoldOf = (productId: number) =>
    and(
      eq(placements.productId, productId),
      eq(placements.isActive, true),
      eq(placements.reservedBy, input.visitorId),
      sql`${placements.reservedUntil} > now()`,
    );
  try {
    return await retryingTransaction(ctx.db, async (tx) => {
      // Consent first (server-behaviour.md, "Privacy"): a claim without both boxes ticked changes nothing,
      // and the hold stays for the visitor to tick them.
      // The page that answers the address, and its event's privacy settings.
      const [privacy] = await tx
        .select({ productId: products.id, required: settings.consentRequired, version: settings.privacyNoticeChangedAt })
        .from(addresses)
        .innerJoin(products, eq(products.id, addresses.productId))
        .innerJoin(settings, eq(settings.id, products.eventId))
        .where(eq(addresses.urlPath, input.urlPath));
      if (!privacy) throw notFound(NO_PRODUCT);
      if (privacy?.required) {
        const missing: Record<string, Said[]> = {};
        if (input.consent !== true) missing.consent = [text(CLAIM_MESSAGES.consentRequired)];
        if (input.age_confirmed !== true) missing.age_confirmed = [text(CLAIM_MESSAGES.ageRequired)];
        if (Object.keys(missing).length > 0) throw new ValidationError(missing);
      }
      await lockVisitor(tx, input.visitorId);
      const [product] = await tx
        .select({ id: products.id, name: products.name, eventId: products.eventId })
        .from(products)
        .where(eq(products.id, privacy.productId))
        .for("key share");
      if (!product) throw notFound(NO_PRODUCT);

      const [hold] = await tx
        .select({
          prizeId: placements.prizeId,
          heldSince: sql<Date>`${placements.reservedUntil} - make_interval(secs => ${getConfig().reservationSeconds})`,
          winLimitReached: winLimitReached(input.visitorId, placements.eventId),
          // Read after the visitor's lock, so as they are now.
          eventState: eventState(placements.eventId),
          endsAt: sql<Date | null>`(select ${settings.eventEndsAt} from ${settings} where ${settings.id} = ${placements.eventId})`,
        })
        .from(placements)
        .where(liveHoldOf(product.id));
      if (!hold) {
        const repeated = await recentWin(tx, product.id, input.visitorId);
        if (repeated?.prizeId != null)
          return {
            prizeId: repeated.prizeId,
            eventId: product.eventId,
            prizeName: repeated.prizeName,
            prizeNames: { en: repeated.en, ko: repeated.ko },
            repeated: true,
          };
        // A hold still live on this address's page in an event that has closed since, its copy answering the
        // address now ("start a new event", a go-live): say the event ended.
        const [closedHold] = await tx
          .select({ id: placements.id })
          .from(placements)
          .innerJoin(products, eq(products.id, placements.productId))
          .innerJoin(events, eq(events.id, placements.eventId))
          .where(
            and(
              eq(products.urlPath, input.urlPath),
              eq(events.status, "closed"),
              eq(placements.isActive, true),
              eq(placements.reservedBy, input.visitorId),
              sql`${placements.reservedUntil} > now()`,
            ),
          )
          .limit(1);
        throw closedHold ? new EventEnded() : new ClaimRefused(HOLD_EXPIRED);
      }
      // Opening hours bound claims too, but a hold taken while open may be claimed within its time, also
      // after the end or during a pause (server-behaviour.md, "The event's rules").
      if (hold.eventState === "not_started") throw new RuleRefused("event_not_started", product.eventId);
      if (hold.endsAt && new Date(hold.heldSince) >= new Date(hold.endsAt)) throw new RuleRefused("event_ended", product.eventId);
      if (hold.winLimitReached) throw new RuleRefused("win_limit", product.eventId);

      const [prize] = await tx
        .update(prizes)
        .set({
          remainingQuantity: sql`${prizes.remainingQuantity} - 1`,
          todayDistributed: sql`${distributedToday()} + 1`,
          distributedOn: sql`${today(prizes.eventId)}`,
          hourDistributed: sql`${distributedThisHour()} + 1`,
          distributedHour: sql`${startOfThisHour(prizes.eventId)}`,
        })
        .where(
          and(
            eq(prizes.id, hold.prizeId),
            eq(prizes.isActive, true),
            sql`${prizes.remainingQuantity} > 0`,
            sql`${distributedToday()} < ${prizes.dailyDistribution}`,
            hourBudgetLeft(),
          ),
        )
        .returning({ id: prizes.id, name: prizes.name, en: prizes.nameEn, ko: prizes.nameKo });
      if (!prize) {
        const [paced] = await tx.select({ left: hourBudgetLeft() }).from(prizes).where(eq(prizes.id, hold.prizeId));
        throw paced && !paced.left ? new RuleRefused("hour_budget", product.eventId) : new ClaimRefused(PRIZE_GONE);
      }

      const [placement] = await tx
        .update(placements)
        .set({ isActive: false, claimedAt: sql`now()` })
        .where(and(liveHoldOf(product.id), eq(placements.prizeId, prize.id)))
        .returning({ id: placements.id });
      if (!placement) throw new ClaimRefused(HOLD_EXPIRED);

      const [win] = await tx
        .insert(winners)
        .values({
          eventId: product.eventId,
          name: input.name,
          password: input.password,
          prizeId: prize.id,
          productId: product.id,
          placementId: placement.id,
          visitorId: input.visitorId,
          prizeName: prize.name,
          productName: product.name,
          // The deadline the visitor is told now, kept if the setting changes later (null: no deadline).
          collectBy: collectByFromNow(product.eventId),
          // When the visitor consented, and to which version of the notice (null: no consent given).
          consentedAt: input.consent === true ? sql`now()` : null,
          consentNoticeVersion: input.consent === true ? (privacy?.version ?? null) : null,
        })
        .returning({ id: winners.id, createdAt: winners.createdAt, collectBy: winners.collectBy });
      // The outbox row, in this transaction: a claim never waits for a receiver, and a rolled-back one sends nothing.
      if (win)
        await enqueueWebhooks(tx, "winner.created", [
          winnerMessage({
            ...win,
            eventId: product.eventId,
            name: input.name,
            prizeId: prize.id,
            prizeName: prize.name,
            productId: product.id,
            productName: product.name,
          }),
        ]);
      return {
        prizeId: prize.id,
        eventId: product.eventId,
        prizeName: prize.name,
        prizeNames: { en: prize.en, ko: prize.ko },
        repeated: false,
      };
    });
  } catch (error) {
    if (error instanceof ClaimRefused) throw conflict(error.detail);
    if (error instanceof EventEnded) throw conflict(EVENT_RESET_DETAIL, { code: "event_ended" });
    if (error instanceof RuleRefused) throw await refusal(ctx, error.code, { eventId: error.eventId, version: null });
    throw error;
  }
}
