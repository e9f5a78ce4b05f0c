ALTER TABLE "prizes" ADD COLUMN "hourly_limit" integer;--> statement-breakpoint
ALTER TABLE "prizes" ADD COLUMN "hour_distributed" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "prizes" ADD COLUMN "distributed_hour" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "event_starts_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "event_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "paused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "pause_message" varchar(200);--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "wins_per_visitor" text DEFAULT 'unlimited' NOT NULL;--> statement-breakpoint
ALTER TABLE "winners" ADD COLUMN "visitor_id" text;--> statement-breakpoint
CREATE INDEX "winners_visitor_idx" ON "winners" USING btree ("visitor_id","created_at") WHERE "winners"."visitor_id" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "prizes" ADD CONSTRAINT "prizes_hourly_within_daily" CHECK ("prizes"."hourly_limit" IS NULL OR ("prizes"."hourly_limit" >= 1 AND "prizes"."hourly_limit" <= "prizes"."daily_distribution"));--> statement-breakpoint
ALTER TABLE "prizes" ADD CONSTRAINT "prizes_hour_distributed_non_negative" CHECK ("prizes"."hour_distributed" >= 0);--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_event_hours_ordered" CHECK ("settings"."event_starts_at" IS NULL OR "settings"."event_ends_at" IS NULL OR "settings"."event_starts_at" < "settings"."event_ends_at");--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_wins_per_visitor_known" CHECK ("settings"."wins_per_visitor" IN ('unlimited', 'one_per_day', 'one_per_event'));