-- ---------------------------------------------------------------------------
-- listing_stats() without an agent counts on the caller's index ranges
-- (issue: Scale).
--
-- For a coordinator, listing_stats() (the dashboard's stat cards and
-- GET /api/listings/stats) collected the ids of the ~1,000 listings they
-- coordinate on their indexes, then read each listing by primary key, under
-- the listings policy, for its status. The same 1,000 look-ups took longer as
-- the table grew: 1.2-1.5x more time at 100,000 listings than at 1,000 in
-- every scale run, over the 1.5 limit in one. Now the status is part of the two
-- date indexes the scope is read on, and one security definer function counts
-- the scope straight from them (index-only): the agent's own listings, and
-- acting as tc the listings with their tc_id and their agents' listings, each
-- listing once. That is the set accessible_listing_ids() named before; every
-- listing in it is one the listings policy shows the caller, so reading it as
-- the owner changes no answer.
-- ---------------------------------------------------------------------------

-- The same indexes with the status carried along (not a key column: the order
-- and the lookups they serve are unchanged).
drop index public.listings_agent_id_created_at_idx;
create index listings_agent_id_created_at_idx on public.listings (agent_id, created_at desc, id) include (status);
comment on index public.listings_agent_id_created_at_idx is
  'An agent''s listings newest first (dashboard lists, paging, listing_stats); also serves agent_id lookups (RLS, on delete set null). Carries status so listing counts read the index only.';

drop index public.listings_tc_id_created_at_idx;
create index listings_tc_id_created_at_idx on public.listings (tc_id, created_at desc, id) include (status);
comment on index public.listings_tc_id_created_at_idx is
  'A coordinator''s listings by tc_id newest first (coordinated_listings()); carries status so listing counts read the index only.';

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
revoke execute on function private.accessible_listing_counts() from public, anon;
grant execute on function private.accessible_listing_counts() to authenticated, service_role;

create or replace function public.listing_stats(agent_id uuid default null)
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
comment on function public.listing_stats(uuid) is
  'Counts of listings by status (total, incomplete, ready, live, under_contract) as one row: of one agent (agent_id: the caller, their coordinator or a super admin; else 403, unknown id 404), or of every listing the caller may read (null). Security invoker: listings RLS decides what is counted for one agent and for super admins; without agent_id private.accessible_listing_counts() counts the caller''s own scope on its indexes. A function because hosted PostgREST has aggregates off.';
