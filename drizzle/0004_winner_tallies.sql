CREATE TABLE "winner_tallies" (
	"prize_id" integer,
	"product_id" integer,
	"is_received" boolean NOT NULL,
	"winners" integer NOT NULL,
	CONSTRAINT "winner_tallies_key" UNIQUE NULLS NOT DISTINCT("prize_id","product_id","is_received")
);
--> statement-breakpoint
CREATE INDEX "winner_tallies_product_idx" ON "winner_tallies" USING btree ("product_id");--> statement-breakpoint
-- Keeps winner_tallies exact: every change to a winner moves one count, in the same transaction.
-- ON DELETE SET NULL on prizes/products updates winners, so their counts move to the null key too.
CREATE FUNCTION winner_tallies_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE winner_tallies SET winners = winners - 1
    WHERE prize_id IS NOT DISTINCT FROM OLD.prize_id AND product_id IS NOT DISTINCT FROM OLD.product_id
      AND is_received = OLD.is_received;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO winner_tallies (prize_id, product_id, is_received, winners)
    VALUES (NEW.prize_id, NEW.product_id, NEW.is_received, 1)
    ON CONFLICT ON CONSTRAINT winner_tallies_key DO UPDATE SET winners = winner_tallies.winners + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER winner_tallies_on_insert_or_delete AFTER INSERT OR DELETE ON winners
  FOR EACH ROW EXECUTE FUNCTION winner_tallies_track();
--> statement-breakpoint
CREATE TRIGGER winner_tallies_on_update AFTER UPDATE OF prize_id, product_id, is_received ON winners
  FOR EACH ROW WHEN (OLD.prize_id IS DISTINCT FROM NEW.prize_id OR OLD.product_id IS DISTINCT FROM NEW.product_id
    OR OLD.is_received IS DISTINCT FROM NEW.is_received)
  EXECUTE FUNCTION winner_tallies_track();
--> statement-breakpoint
INSERT INTO winner_tallies (prize_id, product_id, is_received, winners)
  SELECT prize_id, product_id, is_received, count(*)::int FROM winners GROUP BY prize_id, product_id, is_received;
