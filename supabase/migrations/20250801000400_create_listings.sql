-- ---------------------------------------------------------------------------
-- Listings: an agent's property listing, coordinated by the agent's coordinator
-- (or the listing's own tc). Who works on a listing: its agent, and acting as
-- tc its tc_id or its agent's coordinator. Notes and messages compare copies
-- of the listing's people with the caller; documents, tasks and the other
-- listing-scoped rules ask listing_relation() or accessible_listing_ids().
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Tables
-- ---------------------------------------------------------------------------

-- Listings: the property an agent sells, coordinated by a tc. Agents own their
-- listings (agent_id) but never change status; the coordinator changes status
-- through public.set_listing_status().

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

comment on column public.listings.id is 'Listing id; also the folder of its files in Storage (listings/<id>/…).';

comment on column public.listings.address is 'Property address (1 to 500 characters after trimming).';

comment on column public.listings.seller_name is 'Seller''s name.';

comment on column public.listings.seller_phone is 'Seller''s phone number as entered.';

comment on column public.listings.seller_email is 'Seller''s e-mail address.';

comment on column public.listings.listing_price is 'Asking price as entered (free text, e.g. "$450,000").';

comment on column public.listings.status is 'incomplete, ready, live or under_contract. Changes only through set_listing_status() (the listing''s coordinator or a super admin).';

comment on column public.listings.property_image_url is 'Main photo: object path in the listing-photos bucket (or a URL).';

comment on column public.listings.photo_urls is 'All photos of the listing: JSON array of object paths in the listing-photos bucket.';

comment on column public.listings.agent_id is 'The agent who owns the listing; null once that account is deleted (a super admin reassigns).';

comment on column public.listings.tc_id is 'The coordinating tc; at insert the agent''s coordinator (set by the database). Null once deleted or when the agent had none.';

comment on column public.listings.created_at is 'When the listing was created. Set by trigger.';

comment on column public.listings.updated_at is 'When the listing last changed. Set by trigger.';

-- ---------------------------------------------------------------------------
-- Section - Row-level security
-- ---------------------------------------------------------------------------

alter table public.listings enable row level security;

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create function private.accessible_listing_ids()
returns setof uuid
language plpgsql
stable
security definer
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
declare
  me uuid := private.current_account_id();
begin
  if me is null then
    return;
  end if;
  return query select l.id from public.listings l where l.agent_id = me;
  -- Acting as tc, also the listings they coordinate (none otherwise).
  return query select private.coordinated_listing_ids();
end;
$$;

comment on function private.accessible_listing_ids() is
  'Listings the active account works on: its own (agent) or coordinated (tc: tc_id or assigned agents). Super admins are handled by the policies. Use as listing_id in (select private.accessible_listing_ids()).';

revoke execute on function private.accessible_listing_ids() from public;

grant execute on function private.accessible_listing_ids() to authenticated, service_role;

create function private.coordinated_listing_ids()
returns setof uuid
language plpgsql
stable
security definer
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
declare
  context text[] := private.caller_context();
  me uuid := context[1]::uuid;
  my_role text := context[2];
begin
  if my_role = 'tc' then
    -- Two index scans; a listing in both is returned twice, which IN does not mind.
    return query select l.id from public.listings l where l.tc_id = me;
    return query select l.id from public.listings l join public.users u on u.id = l.agent_id where u.assigned_tc_id = me;
  end if;
end;
$$;

comment on function private.coordinated_listing_ids() is
  'Listings the active account coordinates as tc.';

revoke execute on function private.coordinated_listing_ids() from public;

grant execute on function private.coordinated_listing_ids() to authenticated, service_role;

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

comment on function private.assigned_tc_of(account_id uuid) is
  'The coordinator an account is assigned to (for defaults in triggers).';

revoke execute on function private.assigned_tc_of(account_id uuid) from public;

grant execute on function private.assigned_tc_of(account_id uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- Listings: tc_id of a listing created through the API is always the agent's
-- coordinator (super admins included); super admins still reassign by update.
-- ---------------------------------------------------------------------------
create function private.guard_listing_columns()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' and (current_user in ('authenticated', 'anon') or new.tc_id is null) then
    new.tc_id := private.assigned_tc_of(new.agent_id);
  end if;
  if current_user not in ('authenticated', 'anon') or private.is_super_admin() then
    return new;
  end if;
  if tg_op = 'INSERT' then
    if new.status <> 'incomplete' then
      raise exception 'a new listing starts incomplete; the coordinator changes status' using errcode = '42501';
    end if;
  elsif new.status is distinct from old.status or new.agent_id is distinct from old.agent_id
        or new.tc_id is distinct from old.tc_id then
    raise exception 'status, agent_id and tc_id change only through functions' using errcode = '42501';
  end if;
  return new;
end;
$$;

comment on function private.guard_listing_columns() is
  'Trigger: a listing created through the API takes the agent''s coordinator as tc_id; API callers other than super admins cannot set status, agent_id or tc_id.';

revoke execute on function private.guard_listing_columns() from public;

grant execute on function private.guard_listing_columns() to service_role;

-- ---------------------------------------------------------------------------
-- Listings
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
  if not private.listing_exists(listing_id) then
    raise exception 'listing not found' using errcode = 'PT404';
  end if;
  if not (private.is_super_admin() or listing_id in (select private.coordinated_listing_ids())) then
    raise exception 'only the listing''s coordinator changes its status' using errcode = '42501';
  end if;
  if new_status is null or new_status not in ('incomplete', 'ready', 'live', 'under_contract') then
    raise exception 'status must be incomplete, ready, live or under_contract' using errcode = '22023';
  end if;
  update public.listings l set status = new_status where l.id = listing_id returning * into listing;
  return listing;
end;
$$;

comment on function public.set_listing_status(listing_id uuid, new_status text) is
  'Coordinator (or super admin) sets a listing''s status to incomplete, ready, live or under_contract. 404 unknown listing, 403 not its coordinator, 400 unknown status.';

revoke execute on function public.set_listing_status(listing_id uuid, new_status text) from public, anon;

-- Refusals of the listing, message and task functions answer with a 4xx
-- status and a clear message through PostgREST: unknown id -> PT404 (404),
-- not allowed -> 42501 (403), bad input -> 22023 (400), wrong state -> PT409
-- (409). Before, an unknown listing raised P0002 (HTTP 500) and an unknown
-- task or a task in the wrong state answered 403. Same signatures and
-- behaviour otherwise; see docs/data-model.md "Errors".

-- ---------------------------------------------------------------------------
-- Lookups: existence checks that ignore the caller's RLS, so "unknown" (404)
-- and "not yours" (403) can be told apart.
-- ---------------------------------------------------------------------------
create function private.listing_exists(listing_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (select 1 from public.listings l where l.id = listing_id)
$$;

comment on function private.listing_exists(listing_id uuid) is
  'True when a listing with this id exists; for error statuses of functions.';

revoke execute on function private.listing_exists(listing_id uuid) from public;

grant execute on function private.listing_exists(listing_id uuid) to service_role;

-- /new-listing for coordinators: a tc creates a listing for one of their
-- assigned agents (the super admin for any agent, an agent for themselves).
-- Only the insert policy changes: the guard trigger still makes the new
-- listing start 'incomplete' and derives tc_id from the agent's coordinator.

-- ---------------------------------------------------------------------------
-- Helper: the rule, with a readable refusal. A policy that merely returned
-- false would give "new row violates row-level security policy"; raising here
-- gives the app a message it can show (still 42501, so PostgREST answers 403).
-- ---------------------------------------------------------------------------
create function private.check_listing_agent(agent_id uuid)
returns boolean
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if private.is_super_admin()
     or (private.current_role() = 'agent' and agent_id = private.current_account_id())
     or (private.current_role() = 'tc' and agent_id in (select private.coordinated_agent_ids())) then
    return true;
  end if;
  raise exception 'You can create listings only for yourself, or as a coordinator for your assigned agents'
    using errcode = '42501', hint = 'Choose one of your own agents.';
end;
$$;

comment on function private.check_listing_agent(agent_id uuid) is
  'Insert check of listings: true when the active account may create a listing for agent_id (super admin: any; agent: self; tc: their assigned agents), else raises 42501 with a message for the user. Runs once per inserted row.';

revoke execute on function private.check_listing_agent(agent_id uuid) from public;

grant execute on function private.check_listing_agent(agent_id uuid) to authenticated, service_role;

create function public.listing_stats(agent_id uuid default null)
returns table (total integer, incomplete integer, ready integer, live integer, under_contract integer)
language plpgsql
stable
security invoker
set search_path = ''
rows 1
as $$
begin
  -- Asking about someone else's listings is refused rather than answered with
  -- zeros: the caller must be that agent, their coordinator or a super admin.
  if listing_stats.agent_id is not null
     and listing_stats.agent_id is distinct from private.current_account_id()
     and not private.is_super_admin()
     and listing_stats.agent_id not in (select private.coordinated_agent_ids()) then
    if not private.account_exists(listing_stats.agent_id) then
      raise exception 'agent not found' using errcode = 'PT404';
    end if;
    raise exception 'only the agent, their coordinator or a super admin may see these listing counts' using errcode = '42501';
  end if;
  -- One statement per scope, so each reads its own index (a CASE in WHERE would read every listing).
  if listing_stats.agent_id is not null then
    return query select * from private.count_by_status(array(select l.status from public.listings l where l.agent_id = listing_stats.agent_id));
  elsif private.is_super_admin() then
    return query select * from private.count_by_status(array(select l.status from public.listings l));
  else
    return query select * from private.accessible_listing_counts();
  end if;
end;
$$;

comment on function public.listing_stats(agent_id uuid) is
  'Counts of listings by status (total, incomplete, ready, live, under_contract) as one row: of one agent (agent_id: the caller, their coordinator or a super admin; else 403, unknown id 404), or of every listing the caller may read (null). Security invoker: listings RLS decides what is counted for one agent and for super admins; without agent_id private.accessible_listing_counts() counts the caller''s own scope on its indexes. A function because hosted PostgREST has aggregates off.';

revoke execute on function public.listing_stats(agent_id uuid) from public, anon;

-- Appending uploaded photos to a listing in one statement (POST
-- /api/listings/{id}/upload-photo): PostgREST cannot concatenate a jsonb
-- column, and reading the list first would let two uploads overwrite each
-- other. The app's rule (save-photos): existing photos keep their order, new
-- ones follow, each once; the main image stays, or becomes the first photo.

create function public.append_listing_photos(listing_id uuid, photo_paths text[])
returns public.listings
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  changed public.listings;
begin
  if photo_paths is null or cardinality(photo_paths) = 0 or array_position(photo_paths, null) is not null then
    raise exception 'Send at least one photo' using errcode = '22023';
  end if;
  -- RLS decides who may change photos (the listing's agent, a super admin).
  update public.listings l
  set photo_urls = (
        select coalesce(jsonb_agg(refs.ref order by refs.first_seen), '[]'::jsonb)
        from (
          select every_ref.ref, min(every_ref.position) as first_seen
          from (
            select kept.ref, kept.position from jsonb_array_elements_text(l.photo_urls) with ordinality as kept(ref, position)
            union all
            select added.ref, 1000000 + added.position from unnest(photo_paths) with ordinality as added(ref, position)
          ) as every_ref
          group by every_ref.ref
        ) as refs
      ),
      property_image_url = coalesce(l.property_image_url, photo_paths[1])
  where l.id = append_listing_photos.listing_id
  returning l.* into changed;
  if changed.id is null then
    if exists (select 1 from public.listings where id = append_listing_photos.listing_id) then
      raise exception 'Only the listing agent can change its photos.' using errcode = '42501';
    end if;
    raise exception 'Listing not found' using errcode = 'PT404';
  end if;
  return changed;
end;
$$;

comment on function public.append_listing_photos(listing_id uuid, photo_paths text[]) is
  'Appends photo references (listing-photos object paths) to a listing''s photo_urls, each once, in one update under RLS; sets the main image when it has none. 400 without photos, 403 when the caller may see but not change the listing, 404 when hidden or unknown.';

revoke execute on function public.append_listing_photos(listing_id uuid, photo_paths text[]) from public, anon;

-- Reading a listing's notes, messages, documents, tasks, activity, research
-- and received mail checks the one listing each row belongs to (a primary key
-- lookup), so the cost follows the rows read rather than every listing the
-- caller may see. The policies hand the caller over from their own InitPlans;
-- the cheap column tests stay first in each policy, so most rows never reach it.
create function private.listing_relation(listing uuid, caller uuid, caller_role text)
returns text
language plpgsql
stable
security definer
set search_path = ''
set plan_cache_mode = force_generic_plan
as $$
declare
  key text;
  cached text;
  listing_agent uuid;
  listing_tc uuid;
  relation text;
begin
  if caller is null or listing is null then
    return null;
  end if;
  -- A page of rows of one listing looks it up once: the last answer is kept
  -- in a transaction-local setting keyed by the statement's start, the
  -- listing, the caller and the role, and only while this transaction has
  -- written nothing. Every row of one statement reads the same snapshot, so
  -- within a statement the answer cannot change; the next statement has
  -- another key and looks again.
  if txid_current_if_assigned() is null then
    key := statement_timestamp()::text || '/' || listing::text || '/' || caller::text || '/' || coalesce(caller_role, '') || '/';
    cached := current_setting('listingdesk.listing_access', true);
    if starts_with(cached, key) then
      return nullif(substr(cached, length(key) + 1), '');
    end if;
  end if;
  select l.agent_id, l.tc_id into listing_agent, listing_tc from public.listings l where l.id = listing;
  if caller_role = 'tc' and (listing_tc = caller or exists (select 1 from public.users a where a.id = listing_agent and a.assigned_tc_id = caller)) then
    relation := 'coordinator';
  elsif listing_agent = caller then
    relation := 'agent';
  end if;
  if key is not null then
    perform set_config('listingdesk.listing_access', key || coalesce(relation, ''), true);
  end if;
  return relation;
end;
$$;

comment on function private.listing_relation(listing uuid, caller uuid, caller_role text) is
  'How the caller relates to a listing: ''agent'' (their listing), ''coordinator'' (acting as tc: the listing''s tc, or coordinator of its agent), null otherwise. Policies pass the caller from their InitPlans. Keeps its last answer for the rest of the statement only, while the transaction has written nothing (transaction-local setting keyed by statement_timestamp()): stable, since within one statement the answer depends only on its arguments and the statement''s snapshot.';

revoke execute on function private.listing_relation(listing uuid, caller uuid, caller_role text) from public;

grant execute on function private.listing_relation(listing uuid, caller uuid, caller_role text) to authenticated, service_role;

create function private.count_by_status(statuses text[])
returns table (total integer, incomplete integer, ready integer, live integer, under_contract integer)
language sql
immutable
set search_path = ''
as $$
  select
    cardinality(statuses),
    (select count(*) from unnest(statuses) s where s = 'incomplete')::integer,
    (select count(*) from unnest(statuses) s where s = 'ready')::integer,
    (select count(*) from unnest(statuses) s where s = 'live')::integer,
    (select count(*) from unnest(statuses) s where s = 'under_contract')::integer
$$;

comment on function private.count_by_status(statuses text[]) is
  'listing_stats() row for a list of listing statuses: the total and the count per status.';

grant execute on function private.count_by_status(statuses text[]) to authenticated, service_role;

create function public.coordinated_listings(page_limit integer default 100, page_offset integer default 0, status text default null)
returns setof public.listings
language plpgsql
stable
security invoker
set search_path = ''
as $$
declare
  depth integer := page_limit + page_offset;
  me uuid := private.current_account_id();
  agents uuid[];
begin
  if page_limit not between 1 and 500 or page_offset < 0 then
    raise exception 'page_limit must be 1-500 and page_offset at least 0' using errcode = '22023';
  end if;
  if private.current_role() is distinct from 'tc' then
    raise exception 'only coordinators have coordinated listings' using errcode = '42501';
  end if;
  agents := array(select private.coordinated_agent_ids());
  return query
    select c.* from (
      (select l.* from public.listings l
        where l.tc_id = me and (coordinated_listings.status is null or l.status = coordinated_listings.status)
        order by l.created_at desc, l.id limit depth)
      union
      -- Each agent's newest on (agent_id, created_at): a page per agent at most.
      (select a.* from unnest(agents) agent(id)
        cross join lateral (
          select l.* from public.listings l
          where l.agent_id = agent.id and (coordinated_listings.status is null or l.status = coordinated_listings.status)
          order by l.created_at desc, l.id limit depth) a)
    ) c
    order by c.created_at desc, c.id
    limit page_limit offset page_offset;
end;
$$;

comment on function public.coordinated_listings(page_limit integer, page_offset integer, status text) is
  'A page of the listings the calling coordinator coordinates (tc_id, or an assigned agent''s), newest first, optionally of one status; each source read on its own index at most one page deep. Security invoker (RLS applies); 403 for other roles, 400 for a bad page.';

revoke execute on function public.coordinated_listings(page_limit integer, page_offset integer, status text) from public, anon;

-- ---------------------------------------------------------------------------
-- Triggers: the copies come from the listing
-- ---------------------------------------------------------------------------
create function private.copy_listing_people()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.listing_agent_id := null;
  new.listing_tc_id := null;
  if new.listing_id is not null then
    -- The share lock orders this row against a concurrent change of the
    -- listing's people (see private.copy_listing_people_to_items()).
    select l.agent_id, l.tc_id into new.listing_agent_id, new.listing_tc_id
    from public.listings l where l.id = new.listing_id
    for share;
  end if;
  return new;
end;
$$;

comment on function private.copy_listing_people() is
  'Trigger (before insert, or update of listing_id or the copies, on notes, messages and tasks): sets listing_agent_id / listing_tc_id from the listing (null without one), under a share lock on the listing row. Client values are replaced.';

revoke execute on function private.copy_listing_people() from public;

create function private.copy_listing_people_to_items()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.notes n set listing_agent_id = new.agent_id, listing_tc_id = new.tc_id
  where n.listing_id = new.id;
  update public.messages m set listing_agent_id = new.agent_id, listing_tc_id = new.tc_id
  where m.listing_id = new.id;
  update public.tasks t set listing_agent_id = new.agent_id, listing_tc_id = new.tc_id
  where t.listing_id = new.id;
  return null;
end;
$$;

comment on function private.copy_listing_people_to_items() is
  'Trigger (after update of agent_id or tc_id on listings): writes the listing''s new agent and coordinator into the copies on its notes, messages and tasks.';

revoke execute on function private.copy_listing_people_to_items() from public;

create function private.accessible_listing_counts()
returns table (total integer, incomplete integer, ready integer, live integer, under_contract integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  context text[] := private.caller_context();
  me uuid := context[1]::uuid;
  coordinating boolean := coalesce(context[2] = 'tc', false);
begin
  -- UNION (not UNION ALL) on the id: a listing that is the caller's by tc_id
  -- and by its agent is counted once.
  return query
    select count(*)::integer,
           (count(*) filter (where s.status = 'incomplete'))::integer,
           (count(*) filter (where s.status = 'ready'))::integer,
           (count(*) filter (where s.status = 'live'))::integer,
           (count(*) filter (where s.status = 'under_contract'))::integer
    from (
      select l.id, l.status from public.listings l where l.agent_id = me
      union
      select l.id, l.status from public.listings l where coordinating and l.tc_id = me
      union
      select l.id, l.status
      from public.users u
      join public.listings l on l.agent_id = u.id
      where coordinating and u.assigned_tc_id = me
    ) s;
end;
$$;

comment on function private.accessible_listing_counts() is
  'listing_stats() row for every listing the caller may read, when they are not a super admin: their own listings (agent_id), and acting as tc those with their tc_id and their assigned agents'' (the set of accessible_listing_ids()), each once. Security definer: counts on listings_agent_id_created_at_idx / listings_tc_id_created_at_idx (index-only) without the listings policy per listing; only listings the policy shows the caller are in the set.';

revoke execute on function private.accessible_listing_counts() from public;

grant execute on function private.accessible_listing_counts() to authenticated, service_role;

-- ---------------------------------------------------------------------------
-- Section - RLS policies
-- ---------------------------------------------------------------------------

-- The row conditions come first so INSERT ... RETURNING sees a new listing
-- (the set-returning helper reads the snapshot from before the insert).
-- ---------------------------------------------------------------------------
-- Select policies: own rows first, the agents' rows next, super admins last.
-- `(select ...)::uuid[]` is an expression, so `= any` compares with its
-- elements (without the cast, `= any (select ...)` would be a subquery).
-- ---------------------------------------------------------------------------
-- A coordinator reads a listing while acting as tc: as its tc_id, or as the
-- coordinator of its agent (coordinated_agents() is empty for other roles).
-- The same readers as its notes, messages and listing_relation().
create policy "Agents can read their listings, coordinators their agents' listings, super admins all"
on public.listings for select to authenticated
using (
  agent_id = (select private.current_account_id())
  or ((select private.current_role()) = 'tc' and tc_id = (select private.current_account_id()))
  or agent_id = any ((select private.coordinated_agents())::uuid[])
  or (select private.is_super_admin())
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
  or ((select private.current_role()) = 'tc' and tc_id = (select private.current_account_id()))
);

create policy "Agents can create their listings, coordinators their agents', super admins any"
on public.listings for insert to authenticated
with check (private.check_listing_agent(agent_id));

-- ---------------------------------------------------------------------------
-- Section - Grants
-- ---------------------------------------------------------------------------

revoke all on public.listings from anon, authenticated;

grant select, insert, update, delete on public.listings to authenticated;

-- ---------------------------------------------------------------------------
-- Section - Triggers
-- ---------------------------------------------------------------------------

create trigger listings_set_timestamps before insert or update on public.listings
  for each row execute function private.set_timestamps();

create trigger listings_guard_columns before insert or update on public.listings
  for each row execute function private.guard_listing_columns();

create trigger listings_copy_people_to_items
after update of agent_id, tc_id on public.listings
for each row when (new.agent_id is distinct from old.agent_id or new.tc_id is distinct from old.tc_id)
execute function private.copy_listing_people_to_items();

-- ---------------------------------------------------------------------------
-- Section - Performance
-- ---------------------------------------------------------------------------

create index listings_tc_id_idx on public.listings (tc_id);

create index listings_status_idx on public.listings (status);

create index listings_created_at_idx on public.listings (created_at desc);

create index listings_agent_id_created_at_idx on public.listings (agent_id, created_at desc, id) include (status);

comment on index public.listings_agent_id_created_at_idx is 'An agent''s listings newest first (dashboard lists, paging, listing_stats); also serves agent_id lookups (RLS, on delete set null). Carries status so listing counts read the index only.';

create index listings_address_trgm_idx on public.listings using gin (address extensions.gin_trgm_ops);

comment on index public.listings_address_trgm_idx is 'Substring search of the admin console''s Listings tab (address ilike ''%word%'').';

create index listings_seller_name_trgm_idx on public.listings using gin (seller_name extensions.gin_trgm_ops);

comment on index public.listings_seller_name_trgm_idx is 'Substring search of the admin console''s Listings tab (seller_name ilike ''%word%'').';

create index listings_tc_id_created_at_idx on public.listings (tc_id, created_at desc, id) include (status);

comment on index public.listings_tc_id_created_at_idx is 'A coordinator''s listings by tc_id newest first (coordinated_listings()); carries status so listing counts read the index only.';
