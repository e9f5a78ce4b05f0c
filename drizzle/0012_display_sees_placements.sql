-- Hand-written (no schema change): the big screen shows on how many stands each prize can be won now
-- (db/queries/display.ts, live_placements), so it follows placements and the event's pause and hours as
-- it follows wins: a placement made, switched or deleted, and a pause or new hours, notify display_changed
-- (lib/display/live.ts). A hold taken or let go does not (it would notify at every tap): the screen
-- catches up with those on its 60-second refresh, or with the win that ends the hold.
CREATE TRIGGER display_changed_on_placements AFTER INSERT OR DELETE OR UPDATE OF is_active ON prize_distributions
  FOR EACH STATEMENT EXECUTE FUNCTION display_changed_notify();
--> statement-breakpoint
CREATE TRIGGER display_changed_on_event_state AFTER UPDATE OF paused, event_starts_at, event_ends_at ON settings
  FOR EACH STATEMENT EXECUTE FUNCTION display_changed_notify();
