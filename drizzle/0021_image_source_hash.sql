-- Each stored image names the bytes it was made from, so an import finds the pictures it already stored and decodes none again.
ALTER TABLE "images" ADD COLUMN "source_sha256" varchar(64);--> statement-breakpoint
CREATE INDEX "images_source_sha256_idx" ON "images" USING btree ("source_sha256");--> statement-breakpoint
-- WebP is compressed already: Postgres's own compression only spent time on it (1,100 imported pictures were stored in 2.6 s with it, 1.5 s without).
ALTER TABLE "images" ALTER COLUMN "data" SET STORAGE EXTERNAL;
