CREATE TABLE "admin_sessions" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"admin_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "admins" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "admins_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(150) NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admins_name_unique" UNIQUE("name"),
	CONSTRAINT "admins_name_not_blank" CHECK (btrim("admins"."name") <> '')
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "login_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(150) NOT NULL,
	"address" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "images_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"sha256" varchar(64) NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "images_sha256_unique" UNIQUE("sha256")
);
--> statement-breakpoint
CREATE TABLE "prize_distributions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prize_distributions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"prize_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"reserved_by" text,
	"reserved_until" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prize_distributions_hold_complete" CHECK (("prize_distributions"."reserved_by" IS NULL) = ("prize_distributions"."reserved_until" IS NULL)),
	CONSTRAINT "prize_distributions_claimed_is_inactive" CHECK ("prize_distributions"."claimed_at" IS NULL OR NOT "prize_distributions"."is_active")
);
--> statement-breakpoint
CREATE TABLE "prizes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "prizes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(200) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_id" integer,
	"total_quantity" integer NOT NULL,
	"remaining_quantity" integer NOT NULL,
	"daily_distribution" integer NOT NULL,
	"maintenance_count" integer NOT NULL,
	"today_distributed" integer DEFAULT 0 NOT NULL,
	"distributed_on" date,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prizes_name_not_blank" CHECK (btrim("prizes"."name") <> ''),
	CONSTRAINT "prizes_remaining_within_total" CHECK ("prizes"."remaining_quantity" >= 0 AND "prizes"."remaining_quantity" <= "prizes"."total_quantity"),
	CONSTRAINT "prizes_daily_within_total" CHECK ("prizes"."daily_distribution" >= 1 AND "prizes"."daily_distribution" <= "prizes"."total_quantity"),
	CONSTRAINT "prizes_maintenance_within_daily" CHECK ("prizes"."maintenance_count" >= 1 AND "prizes"."maintenance_count" <= "prizes"."daily_distribution"),
	CONSTRAINT "prizes_today_distributed_non_negative" CHECK ("prizes"."today_distributed" >= 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "products_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(200) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_id" integer,
	"url_path" varchar(32) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_urlPath_unique" UNIQUE("url_path"),
	CONSTRAINT "products_name_not_blank" CHECK (btrim("products"."name") <> ''),
	CONSTRAINT "products_url_path_shape" CHECK ("products"."url_path" ~ '^[a-zA-Z0-9]{8,32}$')
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"maintenance_mode" boolean DEFAULT true NOT NULL,
	"event_start_date" date,
	"event_end_date" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settings_single_row" CHECK ("settings"."id" = 1),
	CONSTRAINT "settings_event_period_ordered" CHECK ("settings"."event_start_date" IS NULL OR "settings"."event_end_date" IS NULL OR "settings"."event_start_date" <= "settings"."event_end_date")
);
--> statement-breakpoint
CREATE TABLE "winners" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "winners_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"name" varchar(64) NOT NULL,
	"password" char(4) NOT NULL,
	"prize_id" integer,
	"product_id" integer,
	"distribution_id" integer,
	"prize_name" text NOT NULL,
	"product_name" text NOT NULL,
	"is_received" boolean DEFAULT false NOT NULL,
	"received_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "winners_password_four_digits" CHECK ("winners"."password" ~ '^[0-9]{4}$'),
	CONSTRAINT "winners_name_not_blank" CHECK (btrim("winners"."name") <> ''),
	CONSTRAINT "winners_received_at_matches_flag" CHECK ("winners"."is_received" = ("winners"."received_at" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "admin_sessions" ADD CONSTRAINT "admin_sessions_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_distributions" ADD CONSTRAINT "prize_distributions_prize_id_prizes_id_fk" FOREIGN KEY ("prize_id") REFERENCES "public"."prizes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prize_distributions" ADD CONSTRAINT "prize_distributions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prizes" ADD CONSTRAINT "prizes_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "winners" ADD CONSTRAINT "winners_prize_id_prizes_id_fk" FOREIGN KEY ("prize_id") REFERENCES "public"."prizes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "winners" ADD CONSTRAINT "winners_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "winners" ADD CONSTRAINT "winners_distribution_id_prize_distributions_id_fk" FOREIGN KEY ("distribution_id") REFERENCES "public"."prize_distributions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_sessions_admin_idx" ON "admin_sessions" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "login_attempts_name_idx" ON "login_attempts" USING btree ("name","created_at");--> statement-breakpoint
CREATE INDEX "login_attempts_address_idx" ON "login_attempts" USING btree ("address","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "prize_distributions_one_active_per_product" ON "prize_distributions" USING btree ("product_id") WHERE "prize_distributions"."is_active";--> statement-breakpoint
CREATE INDEX "prize_distributions_active_by_prize_idx" ON "prize_distributions" USING btree ("prize_id") WHERE "prize_distributions"."is_active";--> statement-breakpoint
CREATE INDEX "prize_distributions_list_idx" ON "prize_distributions" USING btree ("is_active" DESC NULLS LAST,"created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "prizes_created_at_idx" ON "prizes" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_created_at_idx" ON "products" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "winners_one_per_distribution" ON "winners" USING btree ("distribution_id");--> statement-breakpoint
CREATE INDEX "winners_created_at_idx" ON "winners" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "winners_prize_idx" ON "winners" USING btree ("prize_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "winners_product_idx" ON "winners" USING btree ("product_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "winners_received_idx" ON "winners" USING btree ("is_received","received_at" DESC NULLS LAST);