ALTER TABLE "settings" ADD COLUMN "event_name" varchar(60);--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "logo_image_id" integer;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "primary_color" varchar(7);--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "footer_text" varchar(120);--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "branding_updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_logo_image_id_images_id_fk" FOREIGN KEY ("logo_image_id") REFERENCES "public"."images"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_primary_color_hex" CHECK ("settings"."primary_color" IS NULL OR "settings"."primary_color" ~ '^#[0-9a-f]{6}$');--> statement-breakpoint
-- A branding change reaches the big screens at once, as a win does (lib/display/live.ts): the snapshot carries
-- the event's name, colour and logo. Only when the branding's own timestamp is set, not on every settings write.
CREATE TRIGGER display_changed_on_branding AFTER UPDATE OF branding_updated_at ON settings
  FOR EACH STATEMENT EXECUTE FUNCTION display_changed_notify();
