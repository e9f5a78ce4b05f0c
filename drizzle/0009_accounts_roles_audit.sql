CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"account_id" integer,
	"account_name" varchar(150) NOT NULL,
	"account_role" varchar(16),
	"action" varchar(64) NOT NULL,
	"target_type" varchar(32),
	"target_id" varchar(64),
	"target_name" text,
	"changes" jsonb,
	"address" varchar(100)
);
--> statement-breakpoint
CREATE TABLE "audit_tallies" (
	"hour_utc" timestamp NOT NULL,
	"action" varchar(64) NOT NULL,
	"account_name" varchar(150) NOT NULL,
	"rows" integer NOT NULL,
	CONSTRAINT "audit_tallies_key" UNIQUE("hour_utc","action","account_name")
);
--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "role" varchar(16) DEFAULT 'owner' NOT NULL;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "admins" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_account_idx" ON "audit_log" USING btree ("account_name","at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_action_idx" ON "audit_log" USING btree ("action","at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id","at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "audit_log_target_name_trgm_idx" ON "audit_log" USING gin ("target_name" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "admins" ADD CONSTRAINT "admins_role_known" CHECK (role IN ('owner', 'manager', 'desk', 'viewer'));--> statement-breakpoint
-- The audit log is append-only: no statement through any connection may change or remove a row.
-- A row-level trigger for UPDATE and DELETE, and a statement-level one for TRUNCATE, which skips row triggers.
CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_no_update_or_delete BEFORE UPDATE OR DELETE ON "audit_log"
FOR EACH ROW EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log"
FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();
--> statement-breakpoint
-- Keeps audit_tallies exact, as winner_hourly_tallies_track does for winners: each new row adds one to its
-- (UTC hour, action, account) in the same transaction. The hour is taken in UTC, whatever the session's zone.
CREATE FUNCTION audit_tallies_track() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO audit_tallies (hour_utc, action, account_name, rows)
  VALUES (date_trunc('hour', NEW.at AT TIME ZONE 'UTC'), NEW.action, NEW.account_name, 1)
  ON CONFLICT ON CONSTRAINT audit_tallies_key DO UPDATE SET rows = audit_tallies.rows + 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_tallies_track AFTER INSERT ON "audit_log"
FOR EACH ROW EXECUTE FUNCTION audit_tallies_track();
