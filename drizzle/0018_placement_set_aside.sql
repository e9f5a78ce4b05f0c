ALTER TABLE "prize_placements" ADD COLUMN "set_aside" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Drops to come that were surely scheduled by hand: random placement only ever makes unannounced ones.
UPDATE "prize_placements" SET "set_aside" = true WHERE "is_active" AND "announce" AND "drops_at" > now();
