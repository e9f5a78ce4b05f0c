-- Hand-written (one name for placements everywhere): the table of placements, its sequence, indexes and constraints,
-- and the winners' link to it say "placement", as the code does. Renames only: the rows, the identity
-- sequence's position and the triggers on the table (0012, 0015: none of their functions names it) stay.
-- The API keeps its spec names (/api/prize-distributions/, active_distributions).
ALTER TABLE "prize_distributions" RENAME TO "prize_placements";--> statement-breakpoint
ALTER SEQUENCE "prize_distributions_id_seq" RENAME TO "prize_placements_id_seq";--> statement-breakpoint
ALTER INDEX "prize_distributions_pkey" RENAME TO "prize_placements_pkey";--> statement-breakpoint
ALTER INDEX "prize_distributions_one_active_per_product" RENAME TO "prize_placements_one_active_per_product";--> statement-breakpoint
ALTER INDEX "prize_distributions_active_by_prize_idx" RENAME TO "prize_placements_active_by_prize_idx";--> statement-breakpoint
ALTER INDEX "prize_distributions_list_idx" RENAME TO "prize_placements_list_idx";--> statement-breakpoint
ALTER TABLE "prize_placements" RENAME CONSTRAINT "prize_distributions_hold_complete" TO "prize_placements_hold_complete";--> statement-breakpoint
ALTER TABLE "prize_placements" RENAME CONSTRAINT "prize_distributions_claimed_is_inactive" TO "prize_placements_claimed_is_inactive";--> statement-breakpoint
ALTER TABLE "prize_placements" RENAME CONSTRAINT "prize_distributions_prize_id_prizes_id_fk" TO "prize_placements_prize_id_prizes_id_fk";--> statement-breakpoint
ALTER TABLE "prize_placements" RENAME CONSTRAINT "prize_distributions_product_id_products_id_fk" TO "prize_placements_product_id_products_id_fk";--> statement-breakpoint
ALTER TABLE "winners" RENAME COLUMN "distribution_id" TO "placement_id";--> statement-breakpoint
ALTER TABLE "winners" RENAME CONSTRAINT "winners_distribution_id_prize_distributions_id_fk" TO "winners_placement_id_prize_placements_id_fk";--> statement-breakpoint
ALTER INDEX "winners_one_per_distribution" RENAME TO "winners_one_per_placement";
--> statement-breakpoint
-- Newer servers (PGlite) also list NOT NULL as named constraints (prize_distributions_id_not_null, ...):
-- renamed too where they exist; Postgres 15 has none, and this does nothing there.
DO $$
DECLARE c record;
BEGIN
  FOR c IN SELECT conname FROM pg_constraint
    WHERE conrelid = 'prize_placements'::regclass AND conname LIKE 'prize\_distributions\_%'
  LOOP
    EXECUTE format('ALTER TABLE prize_placements RENAME CONSTRAINT %I TO %I',
      c.conname, 'prize_placements_' || substr(c.conname, length('prize_distributions_') + 1));
  END LOOP;
END;
$$;
