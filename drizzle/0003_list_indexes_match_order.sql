DROP INDEX "prize_distributions_list_idx";--> statement-breakpoint
DROP INDEX "prizes_created_at_idx";--> statement-breakpoint
DROP INDEX "products_created_at_idx";--> statement-breakpoint
DROP INDEX "winners_created_at_idx";--> statement-breakpoint
DROP INDEX "winners_prize_idx";--> statement-breakpoint
DROP INDEX "winners_product_idx";--> statement-breakpoint
DROP INDEX "winners_received_idx";--> statement-breakpoint
CREATE INDEX "winners_received_at_idx" ON "winners" USING btree ("received_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "winners"."received_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "prize_distributions_list_idx" ON "prize_distributions" USING btree ("is_active" DESC NULLS FIRST,"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "prizes_created_at_idx" ON "prizes" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_created_at_idx" ON "products" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "winners_created_at_idx" ON "winners" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "winners_prize_idx" ON "winners" USING btree ("prize_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "winners_product_idx" ON "winners" USING btree ("product_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "winners_received_idx" ON "winners" USING btree ("is_received","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);