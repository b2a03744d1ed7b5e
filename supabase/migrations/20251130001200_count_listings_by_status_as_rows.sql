-- ---------------------------------------------------------------------------
-- Listing counts as rows (issue 52): listing_stats() answers one row
-- (status, n) per row of public.listing_statuses, in position order, zero
-- counts included, so a new status is a row of the table and not a migration
-- dropping and recreating every counting function (as adding closed did in
-- 20251127001300_add_closed_listing_status.sql). The total is the sum of the
-- rows (the app and GET /api/listings/stats add it up). The result type
-- changes, so listing_stats(), private.accessible_listing_counts() and
-- private.count_by_status() are dropped and created again, with their grants;
-- the permission checks and their answers are unchanged.
-- ---------------------------------------------------------------------------

-- ---------------------------------------------------------------------------
-- Section - Functions
-- ---------------------------------------------------------------------------

drop function public.listing_stats(agent_id uuid);

drop function private.accessible_listing_counts();

drop function private.count_by_status(statuses text[]);

create function private.count_by_status(statuses text[])
returns table (status text, n integer)
language sql
stable
set search_path = ''
as $$
  select s.key, coalesce(c.n, 0)::integer
  from public.listing_statuses s
  left join (select x.status, count(*) as n from unnest(statuses) as x(status) group by x.status) c on c.status = s.key
  order by s.position
$$;

comment on function private.count_by_status(statuses text[]) is
  'listing_stats() rows for a list of listing statuses: one (status, n) per row of public.listing_statuses in position order, zero included.';

revoke execute on function private.count_by_status(statuses text[]) from public;

grant execute on function private.count_by_status(statuses text[]) to authenticated, service_role;

create function private.accessible_listing_counts()
returns table (status text, n integer)
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
    select * from private.count_by_status(array(
      select s.status from (
        select l.id, l.status from public.listings l where l.agent_id = me
        union
        select l.id, l.status from public.listings l where coordinating and l.tc_id = me
        union
        select l.id, l.status
        from public.users u
        join public.listings l on l.agent_id = u.id
        where coordinating and u.assigned_tc_id = me
      ) s));
end;
$$;

comment on function private.accessible_listing_counts() is
  'listing_stats() rows (status, n) for every listing the caller may read, when they are not a super admin: their own listings (agent_id), and acting as tc those with their tc_id and their assigned agents'' (the set of accessible_listing_ids()), each once. Security definer: counts on listings_agent_id_created_at_idx / listings_tc_id_created_at_idx without the listings policy per listing; only listings the policy shows the caller are in the set.';

revoke execute on function private.accessible_listing_counts() from public;

grant execute on function private.accessible_listing_counts() to authenticated, service_role;

create function public.listing_stats(agent_id uuid default null)
returns table (status text, n integer)
language plpgsql
stable
security invoker
set search_path = ''
rows 10
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
  'Counts of listings by status as rows (status, n): one per row of public.listing_statuses, in position order, zero included (a new status is a new row, no rewrite); the total is their sum. Of one agent (agent_id: the caller, their coordinator or a super admin; else 403, unknown id 404), or of every listing the caller may read (null). Security invoker: listings RLS decides what is counted for one agent and for super admins; without agent_id private.accessible_listing_counts() counts the caller''s own scope on its indexes. A function because hosted PostgREST has aggregates off.';

revoke execute on function public.listing_stats(agent_id uuid) from public, anon;

grant execute on function public.listing_stats(agent_id uuid) to authenticated, service_role;
