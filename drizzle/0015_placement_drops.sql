ALTER TABLE "prize_distributions" ADD COLUMN "drops_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "prize_distributions" ADD COLUMN "announce" boolean DEFAULT true NOT NULL;--> statement-breakpoint
-- Hand-written (append again after re-generating): the big screen lists the next announced drops, so a
-- drop scheduled, moved, switched or cancelled tells it (lib/display/live.ts), as a win does. Only rows
-- of announced drops: a winning moment (announce false) and an ordinary placement send nothing.
CREATE TRIGGER display_changed_on_drop_insert AFTER INSERT ON prize_distributions
  FOR EACH ROW WHEN (NEW.drops_at IS NOT NULL AND NEW.announce) EXECUTE FUNCTION display_changed_notify();
--> statement-breakpoint
CREATE TRIGGER display_changed_on_drop_delete AFTER DELETE ON prize_distributions
  FOR EACH ROW WHEN (OLD.drops_at IS NOT NULL AND OLD.announce) EXECUTE FUNCTION display_changed_notify();
--> statement-breakpoint
CREATE TRIGGER display_changed_on_drop_update AFTER UPDATE OF drops_at, is_active ON prize_distributions
  FOR EACH ROW WHEN (OLD.announce AND (OLD.drops_at IS NOT NULL OR NEW.drops_at IS NOT NULL)
    AND (OLD.drops_at IS DISTINCT FROM NEW.drops_at OR OLD.is_active IS DISTINCT FROM NEW.is_active))
  EXECUTE FUNCTION display_changed_notify();
