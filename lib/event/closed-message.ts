import "server-only";
import { readEventRules } from "@/db/queries/event-rules";
import { eventOfAddress } from "@/db/queries/events";
import { db } from "@/lib/database";
import type { Said } from "@/lib/errors";
import type { EventState } from "@/shared/contracts/settings";
import { closedEventMessage } from "./messages";
import { defaultEventId } from "./time-zone";

/**
 * What the product page says in place of the ticket while the event is `state` (not open): the rules read
 * afresh for the opening time and the organiser's pause message, said on the event's clock.
 */
export async function closedPageMessage(state: EventState, urlPath: string): Promise<Said | null> {
  const rules = await readEventRules(db(), eventOfAddress(urlPath, defaultEventId()));
  return closedEventMessage({ ...rules, state }, rules.timeZone);
}
