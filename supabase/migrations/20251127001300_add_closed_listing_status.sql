-- ---------------------------------------------------------------------------
-- Listing status closed ("Closed"): a listing whose contract closed. Added to
-- the status check, set_listing_status(), the status label of notifications
-- and every function that counts listings by status (a closed count appended
-- last; the other columns keep their names and order). Functions whose
-- result type changes are dropped and created again, with their grants.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Tables
-- ---------------------------------------------------------------------------

alter table public.listings drop constraint listings_status_check;

alter table public.listings add constraint listings_status_check
  check (status in ('incomplete', 'ready', 'live', 'under_contract', 'closed'));

comment on column public.listings.status is 'incomplete, ready, live, under_contract or closed. Changes only through set_listing_status() (the listing''s coordinator or a super admin), and with its contract (recorded: under_contract, closed: closed, terminated: live).';

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

create or replace function public.set_listing_status(listing_id uuid, new_status text)
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
  if new_status is null or new_status not in ('incomplete', 'ready', 'live', 'under_contract', 'closed') then
    raise exception 'status must be incomplete, ready, live, under_contract or closed' using errcode = '22023';
  end if;
  update public.listings l set status = new_status where l.id = listing_id returning * into listing;
  return listing;
end;
$$;

comment on function public.set_listing_status(listing_id uuid, new_status text) is
  'Coordinator (or super admin) sets a listing''s status to incomplete, ready, live, under_contract or closed. 404 unknown listing, 403 not its coordinator, 400 unknown status.';

create or replace function private.notify_listing_status()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  label text := case new.status
    when 'incomplete' then 'Incomplete' when 'ready' then 'Ready' when 'live' then 'Live' when 'under_contract' then 'Under Contract'
    when 'closed' then 'Closed'
    else new.status end;
  recipient uuid;
begin
  for recipient in select distinct p.id from (values (new.agent_id), (new.tc_id)) as p(id) where p.id is not null loop
    perform private.notify(recipient, 'alert', 'Listing status: ' || label, new.address || ' is now ' || label || '.',
      'listing', new.id, private.listing_url(new.id, recipient));
  end loop;
  return null;
end;
$$;

comment on function private.notify_listing_status() is
  'Trigger: a status change notifies the listing''s agent and coordinator (not the actor), with the status label of the app (Closed included).';

drop function public.listing_stats(agent_id uuid);

drop function private.accessible_listing_counts();

drop function private.count_by_status(statuses text[]);

create function private.count_by_status(statuses text[])
returns table (total integer, incomplete integer, ready integer, live integer, under_contract integer, closed integer)
language sql
immutable
set search_path = ''
as $$
  select
    cardinality(statuses),
    (select count(*) from unnest(statuses) s where s = 'incomplete')::integer,
    (select count(*) from unnest(statuses) s where s = 'ready')::integer,
    (select count(*) from unnest(statuses) s where s = 'live')::integer,
    (select count(*) from unnest(statuses) s where s = 'under_contract')::integer,
    (select count(*) from unnest(statuses) s where s = 'closed')::integer
$$;

comment on function private.count_by_status(statuses text[]) is
  'listing_stats() row for a list of listing statuses: the total and the count per status (closed last).';

revoke execute on function private.count_by_status(statuses text[]) from public;

grant execute on function private.count_by_status(statuses text[]) to authenticated, service_role;

create function private.accessible_listing_counts()
returns table (total integer, incomplete integer, ready integer, live integer, under_contract integer, closed integer)
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
           (count(*) filter (where s.status = 'under_contract'))::integer,
           (count(*) filter (where s.status = 'closed'))::integer
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

create function public.listing_stats(agent_id uuid default null)
returns table (total integer, incomplete integer, ready integer, live integer, under_contract integer, closed integer)
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
  'Counts of listings by status (total, incomplete, ready, live, under_contract, closed) as one row: of one agent (agent_id: the caller, their coordinator or a super admin; else 403, unknown id 404), or of every listing the caller may read (null). Security invoker: listings RLS decides what is counted for one agent and for super admins; without agent_id private.accessible_listing_counts() counts the caller''s own scope on its indexes. A function because hosted PostgREST has aggregates off.';

revoke execute on function public.listing_stats(agent_id uuid) from public, anon;

grant execute on function public.listing_stats(agent_id uuid) to authenticated, service_role;

drop function public.admin_stats();

create function public.admin_stats()
returns table (
  total_users bigint,
  total_listings bigint,
  active_listings bigint,
  total_agents bigint,
  total_tcs bigint,
  total_invitations bigint,
  closed_listings bigint
)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.is_super_admin() then
    raise exception 'Super admin access required' using errcode = '42501';
  end if;
  return query
  select
    coalesce(sum(c.value) filter (where c.counter = 'users'), 0)::bigint,
    coalesce(sum(c.value) filter (where c.counter = 'listings'), 0)::bigint,
    coalesce(sum(c.value) filter (where c.counter = 'listings:live'), 0)::bigint,
    coalesce(sum(c.value) filter (where c.counter = 'users:agent'), 0)::bigint,
    coalesce(sum(c.value) filter (where c.counter = 'users:tc'), 0)::bigint,
    coalesce(sum(c.value) filter (where c.counter = 'invitations'), 0)::bigint,
    coalesce(sum(c.value) filter (where c.counter = 'listings:closed'), 0)::bigint
  from private.table_counts c;
end;
$$;

comment on function public.admin_stats() is
  'Super admin: one row of counts for the admin console (accounts, listings, live listings as "active", agents, coordinators, invitations, closed listings) from private.table_counts, kept by statement triggers. 403 for others.';

revoke execute on function public.admin_stats() from public, anon;

grant execute on function public.admin_stats() to authenticated, service_role;
