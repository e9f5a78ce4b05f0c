import "server-only";
import { z } from "zod";
import { pageOf } from "./answers";

/* The events' answers (lib/services/events/manage.ts eventColumns), for the OpenAPI document. */

const when = z.string().describe("ISO 8601 date-time");

export const event = z.object({
  id: z.int(),
  name: z.string(),
  status: z.enum(["draft", "live", "closed"]),
  is_default: z.boolean().describe("What a call that names no event acts on"),
  created_at: when,
  went_live_at: when.nullable(),
  closed_at: when.nullable(),
  product_pages: z.int(),
  prizes: z.int(),
  winners: z.int(),
});
export const eventPage = pageOf(event);
