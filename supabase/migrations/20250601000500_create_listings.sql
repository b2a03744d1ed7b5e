-- Listings: the property an agent sells, coordinated by a tc. Agents own their
-- listings (agent_id) but never change status; the coordinator changes status
-- through public.set_listing_status().

-- ---------------------------------------------------------------------------
-- Table
-- ---------------------------------------------------------------------------
create table public.listings (
  id uuid primary key default gen_random_uuid(),
  address text not null check (char_length(btrim(address)) between 1 and 500),
  seller_name text check (char_length(seller_name) <= 255),
  seller_phone text check (char_length(seller_phone) <= 50),
  seller_email text check (char_length(seller_email) <= 255),
  listing_price text check (char_length(listing_price) <= 50),
  status text not null default 'incomplete' check (status in ('incomplete', 'ready', 'live', 'under_contract')),
  property_image_url text check (char_length(property_image_url) <= 500),
  photo_urls jsonb not null default '[]'::jsonb check (jsonb_typeof(photo_urls) = 'array'),
  -- A deleted agent or coordinator leaves the listing in place (null owner) for
  -- the super admin to reassign: others depend on its documents and tasks.
  agent_id uuid references public.users (id) on delete set null,
  tc_id uuid references public.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.listings is
  'Property listings. agent_id owns, tc_id coordinates (defaults to the agent''s assigned coordinator). Status changes through set_listing_status().';

create index listings_agent_id_idx on public.listings (agent_id);
create index listings_tc_id_idx on public.listings (tc_id);
create index listings_status_idx on public.listings (status);
create index listings_created_at_idx on public.listings (created_at desc);

create trigger listings_set_timestamps before insert or update on public.listings
  for each row execute function private.set_timestamps();

-- ---------------------------------------------------------------------------
-- Helpers for the policies of listing-scoped tables.
-- ---------------------------------------------------------------------------
create function private.accessible_listing_ids()
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select l.id from public.listings l
  where l.agent_id = private.current_account_id()
     or (private.current_role() = 'tc' and (
          l.tc_id = private.current_account_id()
          or l.agent_id in (select private.coordinated_agent_ids())))
$$;
comment on function private.accessible_listing_ids() is
  'Listings the active account works on: its own (agent) or coordinated (tc: tc_id or assigned agents). Super admins are handled by the policies. Use as listing_id in (select private.accessible_listing_ids()).';

create function private.coordinated_listing_ids()
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select l.id from public.listings l
  where private.current_role() = 'tc'
    and (l.tc_id = private.current_account_id() or l.agent_id in (select private.coordinated_agent_ids()))
$$;
comment on function private.coordinated_listing_ids() is 'Listings the active account coordinates as tc.';

grant execute on function private.accessible_listing_ids(), private.coordinated_listing_ids() to authenticated;

-- ---------------------------------------------------------------------------
-- Guard: through the API only super admins set status, agent_id or tc_id
-- freely. An agent's new listing starts incomplete, belongs to them and is
-- coordinated by their assigned tc.
-- ---------------------------------------------------------------------------
create function private.assigned_tc_of(account_id uuid)
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select u.assigned_tc_id from public.users u where u.id = account_id
$$;
comment on function private.assigned_tc_of(uuid) is 'The coordinator an account is assigned to (for defaults in triggers).';
grant execute on function private.assigned_tc_of(uuid) to authenticated;

-- Security invoker on purpose: current_user is then the API role for direct
-- requests and the function owner inside security definer functions.
create function private.guard_listing_columns()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user not in ('authenticated', 'anon') or private.is_super_admin() then
    if tg_op = 'INSERT' and new.tc_id is null then
      new.tc_id := private.assigned_tc_of(new.agent_id);
    end if;
    return new;
  end if;
  if tg_op = 'INSERT' then
    if new.status <> 'incomplete' then
      raise exception 'a new listing starts incomplete; the coordinator changes status' using errcode = '42501';
    end if;
    new.tc_id := private.assigned_tc_of(new.agent_id);
  elsif new.status is distinct from old.status or new.agent_id is distinct from old.agent_id
        or new.tc_id is distinct from old.tc_id then
    raise exception 'status, agent_id and tc_id change only through functions' using errcode = '42501';
  end if;
  return new;
end;
$$;
comment on function private.guard_listing_columns() is 'Trigger: API callers other than super admins cannot set status, agent_id or tc_id.';

create trigger listings_guard_columns before insert or update on public.listings
  for each row execute function private.guard_listing_columns();

-- ---------------------------------------------------------------------------
-- Row-level security
-- ---------------------------------------------------------------------------
alter table public.listings enable row level security;

-- The row conditions come first so INSERT ... RETURNING sees a new listing
-- (the set-returning helper reads the snapshot from before the insert).
create policy "Agents can read their listings, coordinators their agents' listings, super admins all"
on public.listings for select to authenticated
using (
  (select private.is_super_admin())
  or agent_id = (select private.current_account_id())
  or tc_id = (select private.current_account_id())
  or agent_id in (select private.coordinated_agent_ids())
);

create policy "Agents can create their own listings and super admins any"
on public.listings for insert to authenticated
with check (
  (select private.is_super_admin())
  or ((select private.current_role()) = 'agent' and agent_id = (select private.current_account_id()))
);

create policy "Agents can edit their own listings and super admins any"
on public.listings for update to authenticated
using ((select private.is_super_admin()) or agent_id = (select private.current_account_id()))
with check ((select private.is_super_admin()) or agent_id = (select private.current_account_id()));

create policy "Agents can delete their listings, coordinators listings with their tc_id, super admins all"
on public.listings for delete to authenticated
using (
  (select private.is_super_admin())
  or agent_id = (select private.current_account_id())
  or tc_id = (select private.current_account_id())
);

revoke all on public.listings from anon, authenticated;
grant select, insert, update, delete on public.listings to authenticated;

-- ---------------------------------------------------------------------------
-- Status changes: the listing's coordinator (or a super admin). The spec allows
-- any of the four values from the selector, so no transition order is enforced.
-- ---------------------------------------------------------------------------
create function public.set_listing_status(listing_id uuid, new_status text)
returns public.listings
language plpgsql
security definer
set search_path = ''
as $$
declare
  listing public.listings;
begin
  if not (private.is_super_admin() or listing_id in (select private.coordinated_listing_ids())) then
    raise exception 'only the listing''s coordinator changes its status' using errcode = '42501';
  end if;
  update public.listings l set status = new_status where l.id = listing_id returning * into listing;
  if listing.id is null then
    raise exception 'listing not found' using errcode = 'P0002';
  end if;
  return listing;
end;
$$;
comment on function public.set_listing_status(uuid, text) is 'Coordinator (or super admin) sets a listing''s status to incomplete, ready, live or under_contract.';
grant execute on function public.set_listing_status(uuid, text) to authenticated;

-- ---------------------------------------------------------------------------
-- Function privileges: nothing for public or anon (grants above, if any, say who may call).
-- ---------------------------------------------------------------------------
revoke execute on function
  private.accessible_listing_ids(),
  private.coordinated_listing_ids(),
  private.assigned_tc_of(uuid),
  private.guard_listing_columns(),
  public.set_listing_status(uuid, text)
from public, anon;
