ALTER TABLE "prizes" ADD COLUMN "name_en" varchar(200);--> statement-breakpoint
ALTER TABLE "prizes" ADD COLUMN "name_ko" varchar(200);--> statement-breakpoint
ALTER TABLE "prizes" ADD COLUMN "description_en" text;--> statement-breakpoint
ALTER TABLE "prizes" ADD COLUMN "description_ko" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_en" varchar(200);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_ko" varchar(200);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "description_en" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "description_ko" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "time_zone" varchar(64);