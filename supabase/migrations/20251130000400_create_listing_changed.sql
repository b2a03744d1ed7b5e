-- ---------------------------------------------------------------------------
-- What follows a change to a listing, in one stated order (issue 52):
-- private.listing_changed() is called at the end of the functions that change
-- a listing or its contract. This first version applies the checklist
-- templates (which refresh the due dates); the next migrations give it its
-- full order and move the callers onto it.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create function private.listing_changed(listing_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.apply_checklist_templates(listing_changed.listing_id);
end;
$$;

comment on function private.listing_changed(listing_id uuid) is
  'What follows a change to a listing or its contract, in order: apply the checklist templates that match it, then refresh the checklist''s due dates, then notify. Called once at the end of each function that changes a listing or its contract.';

revoke execute on function private.listing_changed(listing_id uuid) from public;

grant execute on function private.listing_changed(listing_id uuid) to service_role;
