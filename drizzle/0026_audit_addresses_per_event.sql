-- Audit rows' addresses are cleared on each event's own end and retention_days: audit_log_scrub takes the event
-- whose rows it clears (rows of no event, sign-ins and accounts, follow the default event). Renaming erased
-- winners' rows is as before; the append-only trigger (0016) is unchanged.
DROP FUNCTION audit_log_scrub(integer[], timestamptz);--> statement-breakpoint
CREATE FUNCTION audit_log_scrub(winner_ids integer[], addresses_before timestamptz, of_event integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  renamed integer;
  cleared integer;
BEGIN
  PERFORM set_config('prize_giveaway.audit_scrub', 'on', true);
  UPDATE audit_log a
  SET target_name = '#' || a.target_id
    || coalesce((SELECT ' (' || w.prize_name || ')' FROM winners w WHERE w.id::text = a.target_id), '')
  WHERE a.target_type = 'winner' AND a.target_id = ANY (winner_ids::text[])
    AND a.target_name IS DISTINCT FROM '#' || a.target_id
      || coalesce((SELECT ' (' || w.prize_name || ')' FROM winners w WHERE w.id::text = a.target_id), '');
  GET DIAGNOSTICS renamed = ROW_COUNT;
  UPDATE audit_log SET address = NULL
  WHERE address IS NOT NULL AND at < addresses_before
    AND (event_id = of_event OR (event_id IS NULL AND of_event = (SELECT id FROM events WHERE is_default)));
  GET DIAGNOSTICS cleared = ROW_COUNT;
  PERFORM set_config('prize_giveaway.audit_scrub', 'off', true);
  RETURN renamed + cleared;
END;
$$;
