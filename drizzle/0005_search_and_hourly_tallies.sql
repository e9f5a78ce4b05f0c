-- The winners search (ILIKE '%term%') needs trigram indexes. pg_trgm ships with Postgres (contrib) and is a
-- trusted extension: the database owner may create it. The embedded PGlite loads it in db/index.ts.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "winner_hourly_tallies" (
	"hour_utc" timestamp NOT NULL,
	"is_received" boolean NOT NULL,
	"winners" integer NOT NULL,
	CONSTRAINT "winner_hourly_tallies_key" UNIQUE("hour_utc","is_received")
);
--> statement-breakpoint
CREATE INDEX "winners_name_trgm_idx" ON "winners" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "winners_password_trgm_idx" ON "winners" USING gin (("password"::text) gin_trgm_ops);--> statement-breakpoint
-- Keeps winner_hourly_tallies exact, as winner_tallies_track does for winner_tallies: each change to a
-- winner moves one count in the same transaction. The hour is taken in UTC, whatever the session's zone.
CREATE FUNCTION winner_hourly_tallies_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE winner_hourly_tallies SET winners = winners - 1
    WHERE hour_utc = date_trunc('hour', OLD.created_at AT TIME ZONE 'UTC') AND is_received = OLD.is_received;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO winner_hourly_tallies (hour_utc, is_received, winners)
    VALUES (date_trunc('hour', NEW.created_at AT TIME ZONE 'UTC'), NEW.is_received, 1)
    ON CONFLICT ON CONSTRAINT winner_hourly_tallies_key DO UPDATE SET winners = winner_hourly_tallies.winners + 1;
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER winner_hourly_tallies_on_insert_or_delete AFTER INSERT OR DELETE ON winners
  FOR EACH ROW EXECUTE FUNCTION winner_hourly_tallies_track();
--> statement-breakpoint
CREATE TRIGGER winner_hourly_tallies_on_update AFTER UPDATE OF created_at, is_received ON winners
  FOR EACH ROW WHEN (OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.is_received IS DISTINCT FROM NEW.is_received)
  EXECUTE FUNCTION winner_hourly_tallies_track();
--> statement-breakpoint
INSERT INTO winner_hourly_tallies (hour_utc, is_received, winners)
  SELECT date_trunc('hour', created_at AT TIME ZONE 'UTC'), is_received, count(*)::int FROM winners GROUP BY 1, 2;
