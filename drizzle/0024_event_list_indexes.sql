-- The admin's winner lists and the dashboard's recent hand-overs are one event's: their indexes lead with the
-- event, else an older event's first page was read past every newer event's winners (at 100,000 winners over 5
-- events, event 1's first page read 80,000 rows).
DROP INDEX "winners_received_idx";--> statement-breakpoint
DROP INDEX "winners_received_at_idx";--> statement-breakpoint
CREATE INDEX "winners_event_created_at_idx" ON "winners" USING btree ("event_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "winners_event_received_idx" ON "winners" USING btree ("event_id","is_received","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "winners_event_received_at_idx" ON "winners" USING btree ("event_id","received_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "winners"."received_at" IS NOT NULL;