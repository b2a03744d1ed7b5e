-- ---------------------------------------------------------------------------
-- One function changes a listing's status (issue 52): every path (the
-- coordinator's selector, a contract recorded / closed / terminated, a super
-- admin's override) ends in private.change_listing_status(), which writes the
-- status_changed event. This first version only moves the update here; the
-- next migrations give it the gate and the contract's rules.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create function private.change_listing_status(listing_id uuid, new_status text, cause text, reason text default null)
returns public.listings
language plpgsql
security definer
set search_path = ''
as $$
declare
  listing public.listings;
  previous text;
begin
  if cause is null or cause not in ('manual', 'contract', 'override') then
    raise exception 'cause must be manual, contract or override' using errcode = '22023';
  end if;
  select l.* into listing from public.listings l where l.id = change_listing_status.listing_id for update;
  if listing.id is null then
    raise exception 'listing not found' using errcode = 'PT404';
  end if;
  previous := listing.status;
  if previous is not distinct from new_status then
    return listing;
  end if;
  update public.listings l set status = new_status where l.id = listing.id returning l.* into listing;
  perform private.record_listing_event(listing.id, 'status_changed', previous, new_status,
    private.trim_text(reason), jsonb_build_object('cause', cause));
  return listing;
end;
$$;

comment on function private.change_listing_status(listing_id uuid, new_status text, cause text, reason text) is
  'The one place a listing''s status changes: locks the listing, changes the status and writes the status_changed event (from, to, actor, reason, cause). cause: manual (the coordinator), contract (recorded, closed, terminated), override (a super admin past the gate). Callers check who may.';

revoke execute on function private.change_listing_status(listing_id uuid, new_status text, cause text, reason text) from public;

grant execute on function private.change_listing_status(listing_id uuid, new_status text, cause text, reason text) to service_role;
