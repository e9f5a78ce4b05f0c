-- The spreadsheet import matches rows by the organiser's key: unique per table (the one event), null for rows made by hand.
ALTER TABLE "prizes" ADD COLUMN "key" varchar(100);--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "key" varchar(100);--> statement-breakpoint
CREATE UNIQUE INDEX "prizes_key_unique" ON "prizes" USING btree ("key");--> statement-breakpoint
CREATE UNIQUE INDEX "products_key_unique" ON "products" USING btree ("key");--> statement-breakpoint
ALTER TABLE "prizes" ADD CONSTRAINT "prizes_key_not_blank" CHECK (btrim("prizes"."key") <> '');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_key_not_blank" CHECK (btrim("products"."key") <> '');