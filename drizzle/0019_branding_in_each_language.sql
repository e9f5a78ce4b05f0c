ALTER TABLE "settings" ADD COLUMN "event_name_en" varchar(60);--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "event_name_ko" varchar(60);--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "footer_text_en" varchar(120);--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "footer_text_ko" varchar(120);