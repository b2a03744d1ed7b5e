-- ---------------------------------------------------------------------------
-- No listing is created past the compliance gate (issue 51 item 3). The
-- gate is a trigger on status updates; a super admin's REST insert with
-- status 'live' skipped it (201, required documents missing, no reason, no
-- override in the activity log), since the insert guard let super admins
-- choose any status. Every listing a person creates through the API now
-- starts incomplete - super admins included - and reaches a later status
-- only through set_listing_status() (gated) or override_listing_status()
-- (super admin, reason, logged). Trusted writers that are not people (the
-- seed, the service role) keep inserting listings in any status.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

-- Security invoker on purpose: current_user is the API role for a person's
-- insert.
create function private.check_new_listing_status()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('authenticated', 'anon') and new.status is distinct from 'incomplete' then
    raise exception 'a new listing starts incomplete; the coordinator changes status' using errcode = '42501',
      hint = 'Create it without a status, then use set_listing_status() (the compliance gate applies) or, as a super admin, override_listing_status() with a reason.';
  end if;
  return new;
end;
$$;

comment on function private.check_new_listing_status() is
  'Trigger (before insert on listings): a listing created through the API (any role, super admins included) starts incomplete; any other status 403. Later statuses go through set_listing_status() and its compliance gate, or override_listing_status().';

revoke execute on function private.check_new_listing_status() from public;

grant execute on function private.check_new_listing_status() to service_role;

-- ---------------------------------------------------------------------------
-- Section - Triggers
-- ---------------------------------------------------------------------------

create trigger listings_start_incomplete before insert on public.listings
  for each row execute function private.check_new_listing_status();
