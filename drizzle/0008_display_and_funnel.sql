CREATE TABLE "funnel_hourly_tallies" (
	"hour_start" timestamp with time zone NOT NULL,
	"product_id" integer NOT NULL,
	"scans" integer DEFAULT 0 NOT NULL,
	"taps" integer DEFAULT 0 NOT NULL,
	"holds" integer DEFAULT 0 NOT NULL,
	"handed_over" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "funnel_hourly_tallies_key" UNIQUE("hour_start","product_id")
);
--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "display_token" varchar(64) DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
ALTER TABLE "funnel_hourly_tallies" ADD CONSTRAINT "funnel_hourly_tallies_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "funnel_hourly_tallies_product_idx" ON "funnel_hourly_tallies" USING btree ("product_id");--> statement-breakpoint
-- The big screen (/display/{token}) follows every change it shows on every instance: each instance LISTENs
-- on display_changed (lib/display/live.ts). One notification per statement, and Postgres folds a
-- transaction's identical ones into one, so a claim (a prize UPDATE and a winner INSERT) sends one, at commit.
CREATE FUNCTION display_changed_notify() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('display_changed', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER display_changed_on_winners AFTER INSERT OR DELETE OR UPDATE OF name, prize_name ON winners
  FOR EACH STATEMENT EXECUTE FUNCTION display_changed_notify();
--> statement-breakpoint
CREATE TRIGGER display_changed_on_prizes AFTER INSERT OR DELETE OR UPDATE ON prizes
  FOR EACH STATEMENT EXECUTE FUNCTION display_changed_notify();
--> statement-breakpoint
-- A rotated token ends the old address's open streams on every instance at once.
CREATE TRIGGER display_changed_on_token AFTER UPDATE OF display_token ON settings
  FOR EACH STATEMENT EXECUTE FUNCTION display_changed_notify();
