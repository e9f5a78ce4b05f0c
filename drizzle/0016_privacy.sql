ALTER TABLE "winners" ALTER COLUMN "name" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "winners" ALTER COLUMN "password" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "privacy_notice_en" varchar(4000);--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "privacy_notice_ko" varchar(4000);--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "privacy_contact" varchar(200);--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "consent_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "retention_days" smallint DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "privacy_notice_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "winners" ADD COLUMN "consented_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "winners" ADD COLUMN "consent_notice_version" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "winners" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "winners_not_erased_idx" ON "winners" USING btree ("created_at") WHERE "winners"."erased_at" IS NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_retention_days_range" CHECK ("settings"."retention_days" BETWEEN 1 AND 365);--> statement-breakpoint
ALTER TABLE "winners" ADD CONSTRAINT "winners_erased_has_no_data" CHECK (("winners"."erased_at" IS NULL) = ("winners"."name" IS NOT NULL AND "winners"."password" IS NOT NULL));--> statement-breakpoint
-- Hand-written (privacy; server-behaviour.md "Privacy"). The audit log stays append-only, with one
-- exception: audit_log_scrub(), the one documented way to forget personal data in rows already written.
-- It renames rows about the given winners to "#id (prize)" (rows written before this version named them
-- by nickname) and clears the addresses of rows older than the given moment. While it runs it sets the
-- transaction-local flag prize_giveaway.audit_scrub; the trigger lets an UPDATE through only under that
-- flag, and only one that changes nothing but a winner row's name (to a "#id" name) or an address (to
-- NULL). Every other UPDATE, every DELETE and TRUNCATE are refused as before.
CREATE OR REPLACE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND TG_LEVEL = 'ROW' AND current_setting('prize_giveaway.audit_scrub', true) = 'on'
    AND NEW.id = OLD.id AND NEW.at = OLD.at AND NEW.action = OLD.action
    AND NEW.account_id IS NOT DISTINCT FROM OLD.account_id AND NEW.account_name = OLD.account_name
    AND NEW.account_role IS NOT DISTINCT FROM OLD.account_role
    AND NEW.target_type IS NOT DISTINCT FROM OLD.target_type AND NEW.target_id IS NOT DISTINCT FROM OLD.target_id
    AND NEW.changes IS NOT DISTINCT FROM OLD.changes
    AND (NEW.target_name IS NOT DISTINCT FROM OLD.target_name
      OR (OLD.target_type = 'winner' AND NEW.target_name LIKE '#' || OLD.target_id || '%'))
    AND (NEW.address IS NOT DISTINCT FROM OLD.address OR NEW.address IS NULL)
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only: % is refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION audit_log_scrub(winner_ids integer[], addresses_before timestamptz) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  renamed integer;
  cleared integer;
BEGIN
  PERFORM set_config('prize_giveaway.audit_scrub', 'on', true);
  UPDATE audit_log a
  SET target_name = '#' || a.target_id
    || coalesce((SELECT ' (' || w.prize_name || ')' FROM winners w WHERE w.id::text = a.target_id), '')
  WHERE a.target_type = 'winner' AND a.target_id = ANY (winner_ids::text[])
    AND a.target_name IS DISTINCT FROM '#' || a.target_id
      || coalesce((SELECT ' (' || w.prize_name || ')' FROM winners w WHERE w.id::text = a.target_id), '');
  GET DIAGNOSTICS renamed = ROW_COUNT;
  UPDATE audit_log SET address = NULL WHERE address IS NOT NULL AND at < addresses_before;
  GET DIAGNOSTICS cleared = ROW_COUNT;
  PERFORM set_config('prize_giveaway.audit_scrub', 'off', true);
  RETURN renamed + cleared;
END;
$$;
