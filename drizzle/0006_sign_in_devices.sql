ALTER TABLE "login_attempts" ADD COLUMN "device" varchar(32);--> statement-breakpoint
CREATE INDEX "login_attempts_device_idx" ON "login_attempts" USING btree ("device","created_at");