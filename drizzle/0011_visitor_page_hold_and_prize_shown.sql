ALTER TABLE "prize_distributions" ADD COLUMN "hold_ends_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "show_prize_before_tap" boolean DEFAULT true NOT NULL;