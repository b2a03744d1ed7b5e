-- ---------------------------------------------------------------------------
-- private.stage_rank() is dead since issue 52: the gate, missing_for_status(),
-- listing_compliance() and listing_compliance_summary() read the stage order
-- from public.listing_statuses.position directly (20251130001000, 001100), and
-- no function calls it any more. Dropped rather than kept as a second way to
-- order stages.
-- ---------------------------------------------------------------------------

drop function private.stage_rank(stage text);
