ALTER TABLE "settings" ALTER COLUMN "maintenance_mode" SET DEFAULT false;--> statement-breakpoint
-- A fresh install starts with maintenance mode off (server-behaviour.md, Placements). An install that has
-- never had a prize is treated as fresh: nothing was being maintained, so switching it off changes nothing
-- live. Installs with prizes keep the setting they have.
UPDATE "settings" SET "maintenance_mode" = false WHERE "id" = 1 AND NOT EXISTS (SELECT 1 FROM "prizes");
