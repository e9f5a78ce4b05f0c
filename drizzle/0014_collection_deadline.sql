ALTER TABLE "winner_tallies" DROP CONSTRAINT "winner_tallies_key";--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "collect_within_minutes" smallint;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "desk_location_en" varchar(80);--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "desk_location_ko" varchar(80);--> statement-breakpoint
ALTER TABLE "winner_tallies" ADD COLUMN "is_expired" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "winners" ADD COLUMN "collect_by" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "winners" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "winners_collect_by_due_idx" ON "winners" USING btree ("collect_by") WHERE NOT "winners"."is_received" AND "winners"."expired_at" IS NULL AND "winners"."collect_by" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "winner_tallies" ADD CONSTRAINT "winner_tallies_key" UNIQUE NULLS NOT DISTINCT("prize_id","product_id","is_received","is_expired");--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_collect_within_minutes_range" CHECK ("settings"."collect_within_minutes" IS NULL OR "settings"."collect_within_minutes" BETWEEN 5 AND 1440);--> statement-breakpoint
ALTER TABLE "winners" ADD CONSTRAINT "winners_received_or_expired" CHECK (NOT ("winners"."is_received" AND "winners"."expired_at" IS NOT NULL));--> statement-breakpoint
-- Hand-written (the collection deadline): winner_tallies counts expired wins apart, so the
-- dashboard and the winners list's `status` filter count from it. Same function and triggers as in
-- 0004_winner_tallies.sql, with `is_expired` (expired_at IS NOT NULL) in the key; the update trigger also
-- fires on expired_at. Existing rows have expired_at NULL: the tallies' new column defaults to false.
CREATE OR REPLACE FUNCTION winner_tallies_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE winner_tallies SET winners = winners - 1
    WHERE prize_id IS NOT DISTINCT FROM OLD.prize_id AND product_id IS NOT DISTINCT FROM OLD.product_id
      AND is_received = OLD.is_received AND is_expired = (OLD.expired_at IS NOT NULL);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO winner_tallies (prize_id, product_id, is_received, is_expired, winners)
    VALUES (NEW.prize_id, NEW.product_id, NEW.is_received, NEW.expired_at IS NOT NULL, 1)
    ON CONFLICT ON CONSTRAINT winner_tallies_key DO UPDATE SET winners = winner_tallies.winners + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER winner_tallies_on_update ON winners;
--> statement-breakpoint
CREATE TRIGGER winner_tallies_on_update AFTER UPDATE OF prize_id, product_id, is_received, expired_at ON winners
  FOR EACH ROW WHEN (OLD.prize_id IS DISTINCT FROM NEW.prize_id OR OLD.product_id IS DISTINCT FROM NEW.product_id
    OR OLD.is_received IS DISTINCT FROM NEW.is_received OR (OLD.expired_at IS NULL) <> (NEW.expired_at IS NULL))
  EXECUTE FUNCTION winner_tallies_track();
