-- ---------------------------------------------------------------------------
-- Listing attributes the checklist templates match on (side, property type,
-- HOA, year built, state), and when the listing last went live (the
-- listing_live anchor of template tasks). The listing's agent, its
-- coordinator and super admins edit the attributes with a plain update;
-- coordinators may change nothing else of a listing this way.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Tables
-- ---------------------------------------------------------------------------

alter table public.listings
  add column side text not null default 'listing' check (side in ('listing', 'buyer')),
  add column property_type text check (property_type in ('single_family', 'condo', 'townhouse', 'multi_family', 'land')),
  add column has_hoa boolean,
  add column year_built integer check (year_built between 1600 and 2100),
  add column state text check (state ~ '^[A-Z]{2}$'),
  add column live_at timestamptz;

comment on column public.listings.side is 'Which side of the sale the agent represents: listing (the seller) or buyer. Checklist templates match on it.';

comment on column public.listings.property_type is 'single_family, condo, townhouse, multi_family or land; null when not given (matches only templates without a property type condition).';

comment on column public.listings.has_hoa is 'Whether the property is in a homeowners'' association; null when not given.';

comment on column public.listings.year_built is 'Year the property was built (1600 to 2100); before 1978 brings the lead-based paint requirements. Null when not given.';

comment on column public.listings.state is 'US state code of the property, upper case (e.g. TX); null when not given.';

comment on column public.listings.live_at is 'When the listing last went live; set by the database (the listing_live anchor of checklist template tasks).';

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

-- Security invoker on purpose: current_user is the API role for direct
-- requests, the owner inside functions and triggers (which write freely).
create function private.guard_coordinator_listing_edit()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  attributes text[] := array['side', 'property_type', 'has_hoa', 'year_built', 'state', 'updated_at', 'created_at'];
begin
  if current_user not in ('authenticated', 'anon') or private.is_super_admin()
     or old.agent_id is not distinct from private.current_account_id() then
    return new;
  end if;
  if (to_jsonb(new) - attributes) is distinct from (to_jsonb(old) - attributes) then
    raise exception 'coordinators change only a listing''s side, property type, HOA, year built and state' using errcode = '42501';
  end if;
  return new;
end;
$$;

comment on function private.guard_coordinator_listing_edit() is
  'Trigger (before update on listings): an API caller who is neither the listing''s agent nor a super admin (its coordinator, let in by the update policy) may change only the checklist attributes (side, property_type, has_hoa, year_built, state); anything else 403.';

revoke execute on function private.guard_coordinator_listing_edit() from public;

grant execute on function private.guard_coordinator_listing_edit() to service_role;

create function private.stamp_listing_live()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status = 'live' and (tg_op = 'INSERT' or old.status is distinct from 'live') then
    new.live_at := now();
  elsif tg_op = 'UPDATE' then
    new.live_at := old.live_at;
  elsif current_user in ('authenticated', 'anon') then
    new.live_at := null;
  end if;
  return new;
end;
$$;

comment on function private.stamp_listing_live() is
  'Trigger (before insert or update on listings): live_at becomes now() when the listing goes live and is otherwise kept; clients never write it.';

revoke execute on function private.stamp_listing_live() from public;

grant execute on function private.stamp_listing_live() to service_role;

-- ---------------------------------------------------------------------------
-- Section - RLS policies
-- ---------------------------------------------------------------------------

-- Replaced whole: coordinators join the update rule; the guard above limits
-- them to the attributes.
drop policy "Agents can edit their own listings and super admins any" on public.listings;

create policy "Agents can edit their own listings, coordinators their attributes, super admins any"
on public.listings for update to authenticated
using (
  agent_id = (select private.current_account_id())
  or ((select private.current_role()) = 'tc' and tc_id = (select private.current_account_id()))
  or agent_id = any ((select private.coordinated_agents())::uuid[])
  or (select private.is_super_admin())
)
with check (
  agent_id = (select private.current_account_id())
  or ((select private.current_role()) = 'tc' and tc_id = (select private.current_account_id()))
  or agent_id = any ((select private.coordinated_agents())::uuid[])
  or (select private.is_super_admin())
);

-- ---------------------------------------------------------------------------
-- Section - Triggers
-- ---------------------------------------------------------------------------

create trigger listings_guard_coordinator_edit before update on public.listings
  for each row execute function private.guard_coordinator_listing_edit();

create trigger listings_stamp_live before insert or update of status, live_at on public.listings
  for each row execute function private.stamp_listing_live();
